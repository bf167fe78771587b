import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, employeeDocuments, grievances, referrals } from '../db/schema';
import { PDF_BYTES } from '../lib/multipart-test-helpers';
import { testApp, testBackends, type Caller, type TestApi } from '../test-client';

/**
 * An impossible date was a 500 that wrote the request's PHI into the server log. Dates
 * are real calendar dates or a 400 naming the field (nothing written); and whatever a 500's cause, its log
 * line carries neither the query's parameters nor the request's body.
 */
for (const backend of testBackends())
  describe(`impossible dates and the error log (${backend})`, () => {
    let t: TestApi;
    const log: string[] = [];
    const callers: Record<string, Caller> = {};
    let marks = 0;
    /** A value nobody else writes: found in a log line, it came from this request. */
    const marker = () => `PHI-MARKER-${process.pid}-${++marks}-zq`;

    beforeAll(async () => {
      t = await testApp({
        backend,
        logTo: log,
        // an endpoint the database refuses: a value the validator lets through, written into a query
        setup: async (app) => {
          app.post('/test-only/refused-by-the-database/', async (request) => {
            const { value, note } = request.body as { value: string; note: string };
            await app.db.execute(sql`SELECT ${value}::integer AS n, ${note}::text AS note`);
            return { ok: true };
          });
          app.post('/test-only/duplicate-key/', async (request) => {
            const { token } = request.body as { token: string };
            await app.db.execute(sql`CREATE TABLE IF NOT EXISTS refusal_probe (token text PRIMARY KEY)`);
            await app.db.execute(sql`INSERT INTO refusal_probe (token) VALUES (${token}), (${token})`);
            return { ok: true };
          });
          app.post('/test-only/thrown/', async (request) => {
            const { note } = request.body as { note: string };
            const error = new TypeError(`Cannot use ${note} here`, {
              cause: Object.assign(new Error(`because "${note}"`), { code: 'E_PROBE' }),
            });
            throw error;
          });
        },
      });
      for (const who of ['admin', 'nurse', 'client', 'marketer']) callers[who] = await t.as(`${who}@sunrise.example`);
    });
    afterAll(async () => {
      await t?.close();
    });

    const count = async (table: typeof clients | typeof grievances | typeof referrals) =>
      Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n);

    const IMPOSSIBLE = ['1950-02-30', '2025-02-29', '2026-13-01', '2026-04-31', '0000-01-01'];

    const creates = [
      {
        op: 'clients_create',
        url: '/api/clients/',
        table: clients,
        callers: ['admin'],
        field: 'date_of_birth',
        body: (date: string, note: string) => ({
          type: 'HCC',
          first_name: 'Probe',
          last_name: 'Dates',
          date_of_birth: date,
          notes: `Diagnosis ${note}`,
        }),
      },
      {
        op: 'clients_create (certification period)',
        url: '/api/clients/',
        table: clients,
        callers: ['admin'],
        field: 'certification_end',
        body: (date: string, note: string) => ({
          type: 'HCC',
          first_name: 'Probe',
          last_name: 'Dates',
          date_of_birth: '1950-02-28',
          certification_start: '2026-01-01',
          certification_end: date,
          notes: note,
        }),
      },
      {
        op: 'grievances_create',
        url: '/api/grievances/',
        table: grievances,
        callers: ['nurse', 'client'],
        field: 'occurred_on',
        body: (date: string, note: string) => ({
          category: 'CARE',
          description: `What happened: ${note}`,
          occurred_on: date,
          desired_outcome: note,
        }),
      },
      {
        op: 'grievances_create (recorded by the office)',
        url: '/api/grievances/',
        table: grievances,
        callers: ['admin'],
        field: 'occurred_on',
        body: (date: string, note: string) => ({
          category: 'CARE',
          description: note,
          occurred_on: date,
          channel: 'PHONE',
          complainant_name: 'A caller',
        }),
      },
      {
        op: 'referrals_create',
        url: '/api/referrals/',
        table: referrals,
        callers: ['admin', 'marketer'],
        field: 'date_of_birth',
        body: (date: string, note: string) => ({
          first_name: 'Probe',
          last_name: 'Referral',
          date_of_birth: date,
          phone: '+1 555 0100',
          type: 'HCC',
          source: 'HOSPITAL',
          notes: note,
        }),
      },
    ];

    for (const create of creates) {
      it(`${create.op}: an impossible ${create.field} is a 400 naming it, nothing is written and the log holds none of the body`, async () => {
        for (const who of create.callers) {
          const before = await count(create.table);
          const notes: string[] = [];
          for (const date of IMPOSSIBLE) {
            const note = marker();
            notes.push(note);
            const response = await callers[who].post(create.url, create.body(date, note));
            expect(response.statusCode, `${who} ${date}: ${response.body}`).toBe(400);
            expect(response.json()).toMatchObject({
              code: 'invalid',
              fields: { [create.field]: expect.arrayContaining(['Enter a real date.']) },
            });
          }
          expect(await count(create.table), `${who}: no row written`).toBe(before);
          // the same body with a real date is taken: the date alone was refused
          const taken = await callers[who].post(create.url, create.body('2024-02-29', marker()));
          expect(taken.statusCode, `${who}: ${taken.body}`).toBe(201);
          expect(log.filter((line) => notes.some((note) => line.includes(note)))).toEqual([]);
        }
      });
    }

    it('referrals_list: an impossible created_after or created_before is a 400 naming the filter', async () => {
      for (const who of ['admin', 'marketer']) {
        for (const field of ['created_after', 'created_before']) {
          for (const date of IMPOSSIBLE) {
            const response = await callers[who].get(`/api/referrals/?${field}=${date}`);
            expect(response.statusCode, `${who} ${field}=${date}: ${response.body}`).toBe(400);
            expect(response.json().fields).toEqual({ [field]: ['Enter a real date.'] });
          }
          expect((await callers[who].get(`/api/referrals/?${field}=2024-02-29`)).statusCode).toBe(200);
        }
      }
    });

    it("a document's expiry date sent as a multipart field: an impossible one is a 400 naming it, nothing stored", async () => {
      const newhire = await t.as('newhire@sunrise.example');
      const { user } = newhire;
      const [slot] = await t.database.db
        .select()
        .from(employeeDocuments)
        .where(eq(employeeDocuments.employeeId, user.id))
        .orderBy(employeeDocuments.id)
        .limit(1);
      for (const date of IMPOSSIBLE) {
        const response = await newhire.upload(
          `/api/profile/documents/${slot.id}/file/`,
          { expires_on: date },
          { field: 'file', name: 'card.pdf', data: PDF_BYTES },
        );
        expect(response.statusCode, `${date}: ${response.body}`).toBe(400);
        expect(response.json().fields).toEqual({ expires_on: ['Enter a real date.'] });
      }
      const [after] = await t.database.db.select().from(employeeDocuments).where(eq(employeeDocuments.id, slot.id));
      expect(after.fileId).toBe(slot.fileId);
    });

    it('an impossible instant is a 400 naming the field (visit_exceptions_resolve_create corrected_start_at)', async () => {
      const response = await callers['admin'].post('/api/visit-exceptions/1/resolve/', {
        resolution: 'CORRECTED',
        corrected_start_at: '2026-02-30T10:00:00Z',
        corrected_end_at: '2026-01-05T24:00:00Z',
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toMatchObject({
        corrected_start_at: ['Enter a real date and time.'],
        corrected_end_at: ['Enter a real date and time.'],
      });
    });

    it('states the dates in the document as format date', async () => {
      const document = (await t.anonymous.get('/api/schema/')).json();
      const list = document.paths['/api/referrals/'].get.parameters.find(
        (p: { name: string }) => p.name === 'created_after',
      );
      expect(list.schema).toMatchObject({ type: 'string', format: 'date' });
      expect(JSON.stringify(document)).not.toContain('^\\\\d{4}-\\\\d{2}-\\\\d{2}$');
    });

    /** The newest line logged for a route. */
    const lastLineOf = (route: string) =>
      log
        .map((line) => JSON.parse(line))
        .reverse()
        .find((line) => line.route === route);

    it('logs a database refusal as its codes, the route and the request id: never the parameters, the body or the message', async () => {
      const value = marker();
      const note = marker();
      const response = await t.anonymous.post('/test-only/refused-by-the-database/', { value, note });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'A server error occurred.', code: 'server_error' });
      expect(log.filter((line) => line.includes(value) || line.includes(note))).toEqual([]);
      const failed = lastLineOf('/test-only/refused-by-the-database/');
      expect(failed).toMatchObject({
        level: 50,
        msg: 'request failed',
        route: '/test-only/refused-by-the-database/',
        method: 'POST',
        reqId: expect.anything(),
      });
      // Drizzle's error (the SQL with its placeholders, how many parameters), caused by PostgreSQL's (its code)
      expect(failed.err.query).toContain('$1');
      expect(failed.err.params).toBe(2);
      expect(failed.err.cause).toMatchObject({ code: '22P02' });
      expect(JSON.stringify(failed)).not.toMatch(/invalid input syntax|params:/);
    });

    it('logs a unique violation as its code and constraint, not the key', async () => {
      const token = marker();
      const response = await t.anonymous.post('/test-only/duplicate-key/', { token });
      expect(response.statusCode).toBe(500);
      expect(log.filter((line) => line.includes(token))).toEqual([]);
      const failed = lastLineOf('/test-only/duplicate-key/');
      expect(failed.err.cause).toMatchObject({ code: '23505', constraint: 'refusal_probe_pkey' });
    });

    it('logs any other error as its type, code and stack frames, with its causes: never a message', async () => {
      const note = marker();
      const response = await t.anonymous.post('/test-only/thrown/', { note });
      expect(response.statusCode).toBe(500);
      expect(log.filter((line) => line.includes(note))).toEqual([]);
      const failed = lastLineOf('/test-only/thrown/');
      expect(failed.err).toMatchObject({ type: 'TypeError', cause: { type: 'Error', code: 'E_PROBE' } });
      expect(failed.err.stack).toMatch(/errors\.test\.ts:\d+:\d+/);
    });

    it('logs an error handed to the logger directly, or with its own message, without that message', async () => {
      const note = marker();
      t.app.log.error(new Error(`lost ${note}`));
      t.app.log.error({ err: new Error(`lost ${note}`) });
      t.app.log.warn(
        { err: Object.assign(new Error(`x ${note}`), { detail: note, where: note, parameters: [note] }) },
        `x ${note}`,
      );
      expect(log.filter((line) => line.includes(note))).toEqual([]);
    });
  });
