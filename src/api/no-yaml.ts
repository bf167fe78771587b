// openapi-client-axios can parse a YAML definition by importing js-yaml lazily; the app always hands it
// the parsed JSON document, so the bundle aliases js-yaml to this module instead of shipping ~40 KB.
export function load(): never {
  throw new Error('The API definition must be JSON.');
}
export default { load };
