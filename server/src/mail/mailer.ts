// What the app needs from mail. Two real implementations: SMTP, and a dev mailbox that writes .eml files.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go when that is not the sender (a support message: the user who wrote it). */
  replyTo?: string;
  /** Files carried along. */
  attachments?: MailAttachment[];
}

/** A file carried along, read from disk while the message is sent. */
export interface MailFile {
  filename: string;
  path: string;
  contentType: string;
}

/** Text made for the message, carried along as a file. */
export interface MailText {
  filename: string;
  content: string;
  contentType: string;
}

export type MailAttachment = MailFile | MailText;

export type MailTransportName = 'smtp' | 'dev-mailbox';

export interface MailCheck {
  ok: boolean;
  transport: MailTransportName;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Whether mail can be sent right now (SMTP answers, or the mailbox folder is writable). */
  check(): Promise<MailCheck>;
  close(): void;
}

/** The logger calls the mailers make; app.log fits. */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
