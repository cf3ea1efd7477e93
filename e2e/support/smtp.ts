import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback; the portal under test sends its OTP e-mails here. */
export async function startSmtpCapture() {
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
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

  /** Waits for the next e-mail to `address` and reads the 6-digit OTP from its body. */
  async function otpFor(address: string, after = 0, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mails = received.slice(after).filter((mail) => mail.to.includes(address));
      const last = mails.at(-1);
      const otp = last && decodeMail(last.raw).text.match(/\b(\d{6})\b/)?.[1];
      if (otp) return otp;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no OTP e-mail reached ${address}`);
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    otpFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The subject and body of a captured e-mail (encoded words and base64 or quoted-printable). */
export function decodeMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const subjectRaw = headers.match(/^Subject: (.*(?:\r\n[ \t].*)*)$/im)?.[1] ?? '';
  const subject = subjectRaw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, data: string) => Buffer.from(data, 'base64').toString('utf8'));
  const encoding = headers.match(/content-transfer-encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : Buffer.from(
          body
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8');
  return { subject, text };
}
