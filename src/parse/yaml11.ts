/**
 * What a YAML 1.1 reader makes of a scalar: PyYAML's resolver and constructors (yaml/resolver.py,
 * yaml/constructor.py, SafeLoader), the reader of the vendor's SDK and of most deploy scripts.
 * YAML 1.2 (dplint, `yaml`, js-yaml) reads `010` as 10, `1e3` as 1000, `on` and `1:30` as
 * strings; PyYAML reads 8, the string "1e3", true and 90. One place holds the difference: the
 * block reader declines such a scalar (src/parse/block-yaml.ts) and `yaml/yaml11-ambiguous`
 * reports it (src/engine/yaml11.ts).
 */
export type Yaml11Reading =
  | { kind: 'str' }
  | { kind: 'null' }
  | { kind: 'bool'; value: boolean }
  | { kind: 'int'; value: number; how?: 'octal' | 'binary' | 'base-60' | 'underscores' }
  | { kind: 'float'; value: number; how?: 'base-60' | 'underscores' }
  | { kind: 'timestamp' }
  // `<<` and `=` as values: PyYAML's SafeLoader refuses them (no data is sent).
  | { kind: 'refused' };

const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const FLOAT = /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const NULL = /^(?:~|null|Null|NULL|)$/;
const TIMESTAMP = /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9]{2})?))?)$/;

/** The YAML 1.1 reading of a plain (unquoted, untagged) scalar's text. */
export function yaml11Plain(text: string): Yaml11Reading {
  if (text === '') return { kind: 'null' };
  const first = text.charCodeAt(0);
  // Most text starts with a letter that no resolver of numbers, dates or merges takes.
  if (BOOL.test(text)) return { kind: 'bool', value: /^(?:yes|true|on)$/i.test(text) };
  if (FLOAT.test(text)) return float(text);
  if (INT.test(text)) return int(text);
  if (NULL.test(text)) return { kind: 'null' };
  if (first >= 0x30 && first <= 0x39 && TIMESTAMP.test(text)) return { kind: 'timestamp' };
  if (text === '<<' || text === '=') return { kind: 'refused' };
  return { kind: 'str' };
}

/**
 * The YAML 1.1 reading of a scalar with a tag of the YAML 1.1 types (`!!int 010`, `!!bool yes`,
 * `!!float "1"`): PyYAML constructs the tag's type from the text, quoted or not. `undefined` for
 * any other tag (PyYAML reads `!!str` as a string; the rest are `parse/warning`s already).
 */
export function yaml11Tagged(tag: string, text: string): Yaml11Reading | undefined {
  switch (tag) {
    case 'tag:yaml.org,2002:int':
      return INT.test(text) ? int(text) : { kind: 'refused' };
    case 'tag:yaml.org,2002:float':
      return FLOAT.test(text) || INT.test(text) ? float(text) : { kind: 'refused' };
    case 'tag:yaml.org,2002:bool': {
      const lower = text.toLowerCase();
      return lower === 'yes' || lower === 'true' || lower === 'on' ? { kind: 'bool', value: true } : lower === 'no' || lower === 'false' || lower === 'off' ? { kind: 'bool', value: false } : { kind: 'refused' };
    }
    case 'tag:yaml.org,2002:null':
      return { kind: 'null' };
    default:
      return undefined;
  }
}

function int(written: string): Yaml11Reading {
  let text = written.replace(/_/g, '');
  const sign = text[0] === '-' ? -1 : 1;
  if (text[0] === '-' || text[0] === '+') text = text.slice(1);
  const how = written.includes('_') ? ('underscores' as const) : undefined;
  if (text === '0') return { kind: 'int', value: 0 };
  if (text.startsWith('0b')) return { kind: 'int', value: sign * parseInt(text.slice(2), 2), how: 'binary' };
  if (text.startsWith('0x')) return { kind: 'int', value: sign * parseInt(text.slice(2), 16), how };
  if (text[0] === '0') return { kind: 'int', value: sign * parseInt(text, 8), how: 'octal' };
  if (text.includes(':')) return { kind: 'int', value: sign * base60(text), how: 'base-60' };
  return { kind: 'int', value: sign * Number(text), how };
}

function float(written: string): Yaml11Reading {
  let text = written.replace(/_/g, '').toLowerCase();
  const sign = text[0] === '-' ? -1 : 1;
  if (text[0] === '-' || text[0] === '+') text = text.slice(1);
  const how = written.includes('_') ? ('underscores' as const) : undefined;
  if (text === '.inf') return { kind: 'float', value: sign * Infinity };
  if (text === '.nan') return { kind: 'float', value: NaN };
  if (text.includes(':')) return { kind: 'float', value: sign * base60(text), how: 'base-60' };
  return { kind: 'float', value: sign * Number(text), how };
}

function base60(text: string): number {
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** The key a YAML 1.1 reading becomes in the JSON the SDK sends (Python's json.dumps), or `undefined` where it cannot be one (a date). */
export function yaml11KeyText(reading: Yaml11Reading, text: string): string | undefined {
  switch (reading.kind) {
    case 'bool':
      return String(reading.value);
    case 'null':
      return 'null';
    case 'int':
      return String(reading.value);
    case 'float':
      return pythonFloat(reading.value);
    case 'timestamp':
      return undefined;
    default:
      return text;
  }
}

/** A float as Python prints it: `1000.0`, `inf` as JSON's `Infinity`. */
function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return Number.isInteger(value) && Math.abs(value) < 1e16 ? value.toFixed(1) : String(value);
}
