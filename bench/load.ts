/**
 * The load generator, run as its own process so its CPU never counts against the server:
 * `tsx bench/load.ts <url> <headers-json> <requests> <concurrency>` → prints `{ "ms": ..., "failures": ... }`.
 * Keep-alive connections, `concurrency` requests in flight, every answer read to the end.
 */
import http from 'node:http';

const [url, headersJson, requestsArg, concurrencyArg] = process.argv.slice(2);
const headers = JSON.parse(headersJson ?? '{}') as Record<string, string>;
const total = Number(requestsArg ?? 1000);
const concurrency = Number(concurrencyArg ?? 8);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const target = new URL(url!);

function once(): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: 'GET',
        headers,
        agent,
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

let started = 0;
let failures = 0;
let firstFailure: number | null = null;
const begin = performance.now();
async function worker() {
  while (started < total) {
    started += 1;
    const status = await once();
    if (status !== 200) {
      failures += 1;
      firstFailure ??= status;
    }
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
const ms = performance.now() - begin;
agent.destroy();
process.stdout.write(JSON.stringify({ ms, failures, firstFailure }) + '\n');
