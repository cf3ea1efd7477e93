import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Real SMTP delivery through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/**
 * Without SMTP (embedded/dev mode only) the mail is written to the server log, so a developer
 * can still complete a password recovery.
 */
export function logMailer(log: (text: string) => void): Mailer {
  return {
    async send(mail) {
      log(`E-mail to ${mail.to} (SMTP_URL is not set): ${mail.subject}\n${mail.text}`);
    },
  };
}
