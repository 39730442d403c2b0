import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { isKnown } from '../../src/schema/values.js';

type MessageId = 'mismatchedTag' | 'unclosedTag' | 'strayClose' | 'strayLessThan' | 'unterminated' | 'outsideRoot' | 'noRoot';
interface XmlProblem {
  messageId: MessageId;
  data: Record<string, string | number>;
}

const NAME_START = /[A-Za-z_:\u00C0-\uFFFF]/;
const NAME_CHAR = /[-A-Za-z0-9_:.\u00B7\u00C0-\uFFFF]/;

/**
 * A small well-formedness check: tags open and close in order, one root element, no text or
 * stray "<" outside markup. Entities and DTDs are not checked. One pass with indexOf and
 * single-character tests, so its time is linear in the text whatever the input.
 */
function firstProblem(text: string): XmlProblem | undefined {
  const lineAt = (offset: number): number => {
    let line = 1;
    for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
    return line;
  };
  const open: Array<{ name: string; offset: number }> = [];
  let root: string | undefined;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const end = lt < 0 ? text.length : lt;
    if (open.length === 0) {
      for (let j = i; j < end; j++) {
        if (!/\s/.test(text[j])) return { messageId: 'outsideRoot', data: { what: 'text', line: lineAt(j), root: root ? `<${root}>` : 'none before it' } };
      }
    }
    if (lt < 0) break;
    const markup = (start: string, stop: string, what: string): number | XmlProblem => {
      const close = text.indexOf(stop, lt + start.length);
      return close < 0 ? { messageId: 'unterminated', data: { what, line: lineAt(lt), end: stop } } : close + stop.length;
    };
    let next: number | XmlProblem | undefined;
    if (text.startsWith('<!--', lt)) next = markup('<!--', '-->', 'comment');
    else if (text.startsWith('<![CDATA[', lt)) {
      if (open.length === 0) return { messageId: 'outsideRoot', data: { what: 'a CDATA section', line: lineAt(lt), root: root ? `<${root}>` : 'none before it' } };
      next = markup('<![CDATA[', ']]>', 'CDATA section');
    } else if (text.startsWith('<?', lt)) next = markup('<?', '?>', 'processing instruction');
    else if (text.startsWith('<!', lt)) next = markup('<!', '>', 'declaration');
    if (next !== undefined) {
      if (typeof next !== 'number') return next;
      i = next;
      continue;
    }

    const closing = text[lt + 1] === '/';
    let j = lt + (closing ? 2 : 1);
    if (j >= text.length || !NAME_START.test(text[j])) return { messageId: 'strayLessThan', data: { line: lineAt(lt) } };
    const nameStart = j;
    while (j < text.length && NAME_CHAR.test(text[j])) j++;
    const name = text.slice(nameStart, j);
    let quote: string | undefined;
    for (; j < text.length; j++) {
      const c = text[j];
      if (quote) {
        if (c === quote) quote = undefined;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>' || c === '<') break;
    }
    if (j >= text.length || text[j] === '<') return { messageId: 'unterminated', data: { what: `tag <${name}>`, line: lineAt(lt), end: '>' } };
    const selfClosing = !closing && text[j - 1] === '/';
    if (closing) {
      const top = open.pop();
      if (!top) return { messageId: 'strayClose', data: { name, line: lineAt(lt) } };
      if (top.name !== name) return { messageId: 'mismatchedTag', data: { close: name, line: lineAt(lt), open: top.name, openLine: lineAt(top.offset) } };
    } else {
      if (open.length === 0) {
        if (root !== undefined) return { messageId: 'outsideRoot', data: { what: `a second root element <${name}>`, line: lineAt(lt), root: `<${root}>` } };
        root = name;
      }
      if (!selfClosing) open.push({ name, offset: lt });
    }
    i = j + 1;
  }
  const innermost = open[open.length - 1];
  if (innermost) return { messageId: 'unclosedTag', data: { name: innermost.name, line: lineAt(innermost.offset) } };
  if (root === undefined) return { messageId: 'noRoot', data: {} };
  return undefined;
}

export default defineRule({
  id: 'cluster/fairscheduler-xml',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'hadoop_settings.fairscheduler_settings.fairscheduler_config_xml is not well-formed XML.',
    rationale:
      'Spec 4.11.3: `fairscheduler_settings` holds "fairscheduler_config_xml (string, default blank)", the fair scheduler\'s XML configuration. A document whose tags do not nest, that has more than one root element, or that has a stray "<" cannot be parsed, so the scheduler cannot load it. The check covers tags, comments, CDATA and declarations; it does not check entities or the allocation file\'s own vocabulary. A blank value keeps the default and is not reported.',
    fix: 'Make the XML well-formed: one root element (normally <allocations>), every tag closed in the order it was opened, and "<" in text written as &lt;. Line numbers in the message count from the first line of the XML string.',
  },
  messages: {
    mismatchedTag: 'hadoop_settings.fairscheduler_settings.fairscheduler_config_xml is not well-formed XML: </{{close}}> on line {{line}} closes <{{open}}>, opened on line {{openLine}}; close the inner element first',
    unclosedTag: 'hadoop_settings.fairscheduler_settings.fairscheduler_config_xml is not well-formed XML: <{{name}}> opened on line {{line}} is never closed; add </{{name}}>',
    strayClose: 'hadoop_settings.fairscheduler_settings.fairscheduler_config_xml is not well-formed XML: </{{name}}> on line {{line}} closes an element that is not open; remove it or add the opening tag',
    strayLessThan: 'hadoop_settings.fairscheduler_settings.fairscheduler_config_xml is not well-formed XML: the "<" on line {{line}} does not start a tag; write it as &lt;',
    unterminated: 'hadoop_settings.fairscheduler_settings.fairscheduler_config_xml is not well-formed XML: the {{what}} starting on line {{line}} has no closing "{{end}}"',
    outsideRoot: 'hadoop_settings.fairscheduler_settings.fairscheduler_config_xml is not well-formed XML: {{what}} on line {{line}} is outside the root element ({{root}}); an XML document has exactly one root, normally <allocations>',
    noRoot: 'hadoop_settings.fairscheduler_settings.fairscheduler_config_xml has no XML element; write the configuration inside <allocations>...</allocations>, or leave the value blank',
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['hadoop_settings', 'fairscheduler_settings', 'fairscheduler_config_xml'];
    const xml = getIn(body, path);
    if (typeof xml !== 'string' || !isKnown(xml) || xml.trim() === '') return;
    const problem = firstProblem(xml);
    if (problem) report({ messageId: problem.messageId, path, data: problem.data });
  },
  cases: {
    valid: [
      {
        name: 'an allocation file',
        yaml:
          'hadoop_settings:\n  fairscheduler_settings:\n    default_pool: etl\n    fairscheduler_config_xml: |\n      <?xml version="1.0"?>\n      <!-- pools for the ETL team -->\n      <allocations>\n        <pool name="etl">\n          <minMaps>10</minMaps>\n          <schedulingMode>fair</schedulingMode>\n        </pool>\n        <pool name="adhoc" weight="0.5"/>\n        <userMaxJobsDefault>5</userMaxJobsDefault>\n      </allocations>\n',
      },
      { name: 'blank keeps the default', yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: ""\n' },
      { name: 'a ">" in an attribute value', yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: \'<allocations><pool name="a>b"/></allocations>\'\n' },
    ],
    invalid: [
      {
        name: 'tags closed out of order',
        example: true,
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: |\n      <allocations>\n        <pool name="etl">\n          <minMaps>10</pool>\n        </minMaps>\n      </allocations>\n',
        findings: [{ messageId: 'mismatchedTag', line: 3, column: 31, data: { close: 'pool', line: 3, open: 'minMaps', openLine: 3 } }],
      },
      {
        name: 'root never closed',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><pool name=\\"etl\\"></pool>"\n',
        findings: [{ messageId: 'unclosedTag', line: 3, column: 31, data: { name: 'allocations', line: 1 } }],
      },
      {
        name: 'a closing tag too many',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations></allocations></pool>"\n',
        findings: [{ messageId: 'strayClose', line: 3, column: 31, data: { name: 'pool', line: 1 } }],
      },
      {
        name: 'a stray less-than',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><maxRunningJobs>< 5</maxRunningJobs></allocations>"\n',
        findings: [{ messageId: 'strayLessThan', line: 3, column: 31, data: { line: 1 } }],
      },
      {
        name: 'a comment never closed',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><!-- old pools </allocations>"\n',
        findings: [{ messageId: 'unterminated', line: 3, column: 31, data: { what: 'comment', line: 1, end: '-->' } }],
      },
      {
        name: 'two roots',
        example: true,
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: |\n      <pool name="etl"/>\n      <pool name="adhoc"/>\n',
        findings: [{ messageId: 'outsideRoot', line: 3, column: 31, data: { what: 'a second root element <pool>', line: 2, root: '<pool>' } }],
      },
      {
        name: 'plain text',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "pool etl weight 2"\n',
        findings: [{ messageId: 'outsideRoot', line: 3, column: 31, data: { what: 'text', line: 1, root: 'none before it' } }],
      },
      {
        name: 'only a comment',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<!-- to do -->"\n',
        findings: [{ messageId: 'noRoot', line: 3, column: 31 }],
      },
    ],
  },
});
