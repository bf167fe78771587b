import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Sends a CSV file (whole, or streamed as it is written) as a download under the given file name. */
export const sendCsv = (reply: FastifyReply, filename: string, csv: string | Readable) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
