/** Business constants of spec section 9. */
export const IDLE_TIMEOUT_MS = 300_000;
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'resize', 'keydown', 'touchstart', 'wheel'] as const;
export const ACTIVITY_THROTTLE_MS = 50;

export const REFRESH_TOKEN_STORAGE_KEY = 'refresh';
export const TOKEN_TYPE = 'Bearer';
export const TOKEN_HEADER = 'Authorization';
export const ORGANIZATION_HEADER = 'X-ORGANIZATION-TOKEN';
export const ORGANIZATION_STORAGE_KEY = 'organization';

export const HTTP_TIMEOUT_MS = 0;
export const ORGANIZATIONS_LIST_LIMIT = 50;
export const DEFAULT_LOCALE = 'en-US';

export const SIGNATURE_PAD_OPTIONS = {
  minWidth: 0.5,
  maxWidth: 2.5,
  minDistance: 5,
  throttle: 16,
  velocityFilterWeight: 0.7,
} as const;

export const MASK_HISTORY_SIZE = 100;
export const DATE_MASK_PATTERN = 'dd.mm.yyyy';
export const DATE_MASK_YEAR_RANGE = [1900, 9999] as const;
export const NUMBER_MASK_SCALE = 2;
export const NUMBER_MASK_RADIX = ',';

export const STATUS_FILE_PATH = '/status.json';
export const API_DEFINITION_PATH = '/api/schema/';

/** The event stream's heartbeat: the server writes a comment line this often on a quiet stream. */
export const EVENTS_HEARTBEAT_MS = 25_000;
/** A stream that brought nothing (not even a heartbeat) for this long is dead (a half-open connection after a
 * network change): the app drops it and reconnects with Last-Event-ID. */
export const EVENTS_SILENCE_MS = 2 * EVENTS_HEARTBEAT_MS + 10_000;
