import { global } from '../../lib/plugin';
import { createMailService, type ConsolePrinter } from './service';

/** `app.mail.send({ to, subject, text, organizationId })`; `print` is the console of console-mail mode. */
export const mailPlugin = global<{ print?: ConsolePrinter }>(async (app, options) => {
  const service = createMailService({
    config: app.config,
    db: app.db,
    log: app.log,
    now: app.now,
    print: options.print,
  });
  app.decorate('mail', service);
  app.addHook('onClose', async () => service.close());
}, 'mail');
