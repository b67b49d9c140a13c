import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server for tests of e-mail (the daily digest): it keeps what it receives, decoded. */

/** What the test's SMTP server received: envelope and the message as sent. */
export interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** A message's text part decoded (nodemailer writes non-ASCII text as quoted-printable). */
export function decodeMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const qp = /^Content-Transfer-Encoding: quoted-printable$/im.test(head);
  const text = qp
    ? Buffer.from(
        body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    : body;
  return { subject, text: text.replace(/\r\n/g, '\n').trimEnd() };
}

/** A real SMTP server on a free port; `refuse` makes it reject every recipient (a failing mail server). */
export async function startSmtp() {
  const received: Received[] = [];
  const state = { refuse: false };
  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, done) => done(null, { user: auth.username }),
    onRcptTo: (_address, _session, done) => (state.refuse ? done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })) : done()),
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...decodeMessage(Buffer.concat(chunks).toString('utf8')),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  return { port, received, state, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
