import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps what it receives, so tests read the OTP e-mail. */
export async function startSmtpCapture() {
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const { subject, text } = parseMessage(Buffer.concat(chunks).toString('utf8'));
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject, text });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    lastTo(address: string): CapturedMail | undefined {
      return received.filter((mail) => mail.to.includes(address)).at(-1);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of an OTP e-mail. */
export function otpFrom(mail: CapturedMail | undefined): string {
  const match = mail?.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error('no OTP in the e-mail');
  return match[1];
}

/** Quoted-printable text (a body, or an encoded word's Q form) as the UTF-8 text it encodes. */
function fromQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A header with RFC 2047 encoded words (a subject in Hindi) as the text it encodes. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : fromQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Enough of RFC 5322 for the portal's own plain-text mails: the Subject header and the body. */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  // A long subject is folded onto the next lines, each starting with white space.
  const subject = decodeHeader(headers.match(/^Subject: (.*(?:\r\n[ \t].*)*)$/im)?.[1]?.trim() ?? '');
  const encoding = headers.match(/content-transfer-encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? fromQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { subject, text };
}
