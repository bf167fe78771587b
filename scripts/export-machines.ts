/** `npm run machines:export`: each machine's definition as JSON for the Stately visualizer. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { appMachine } from '../src/machines/app-machine';
import { organizationMachine } from '../src/machines/organization-machine';
import { portalAvailabilityMachine } from '../src/machines/portal-availability-machine';
import { sessionMachine } from '../src/machines/session-machine';
import { tokenRefreshMachine } from '../src/machines/token-refresh-machine';

const machines: Record<string, AnyStateMachine> = {
  app: appMachine,
  'portal-availability': portalAvailabilityMachine,
  'token-refresh': tokenRefreshMachine,
  session: sessionMachine,
  organization: organizationMachine,
};

const outDir = path.resolve(process.cwd(), 'machines-export');
mkdirSync(outDir, { recursive: true });
for (const [name, machine] of Object.entries(machines)) {
  const file = path.join(outDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(machine.toJSON(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
