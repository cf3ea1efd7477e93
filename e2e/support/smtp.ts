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
      const body = mails.at(-1)?.raw.split('\r\n\r\n').slice(1).join('\r\n\r\n').replace(/=\r\n/g, '');
      const otp = body?.match(/\b(\d{6})\b/)?.[1];
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
