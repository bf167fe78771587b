import { global } from '../../lib/plugin';
import { createMailService } from './service';

/** `app.mail.send({ to, subject, text, organizationId })`. */
export const mailPlugin = global(async (app) => {
  const service = createMailService({ config: app.config, db: app.db, log: app.log, now: app.now });
  app.decorate('mail', service);
  app.addHook('onClose', async () => service.close());
}, 'mail');
