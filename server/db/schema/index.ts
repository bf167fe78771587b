// The tables by domain; every module imports them from here (`../db/schema`), and drizzle-kit reads this file.
export * from './identity';
export * from './hiring';
export * from './clients';
export * from './visits';
export * from './messaging';
export * from './platform';
