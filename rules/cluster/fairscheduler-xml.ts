import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import saxes from 'saxes';
import { isKnown } from '../../src/schema/values.js';

/** Where a parse stops: the characters of the value it had read when it found the problem. */
interface XmlProblem {
  problem: string;
  /** Offset into the value of the character the parser stopped at. */
  at: number;
}

/**
 * The first well-formedness error of a conforming XML parser (saxes: XML 1.0, namespaces off),
 * or undefined for a well-formed document. saxes is loaded here, on the first value to check, not
 * when dplint starts (scripts/build-cli.mjs, LAZY_PACKAGES): most bodies have no such field.
 * Its time is linear in the text whatever the input.
 */
function firstProblem(text: string): XmlProblem | undefined {
  const parser = new saxes.SaxesParser({ position: true });
  let found: XmlProblem | undefined;
  // A closing tag that does not match closes the inner elements first, then fails: the one it
  // closed last is the element left open.
  let lastClosed: string | undefined;
  parser.on('closetag', (tag) => {
    lastClosed = tag.name;
  });
  parser.on('error', (error) => {
    // saxes reports on and reads on; the first error is the one that explains the rest.
    if (found) return;
    const problem = error.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    const at = Math.max(0, parser.position - 1);
    const close = text.lastIndexOf('</', at);
    const name = /^<\/([^\s>]*)/.exec(text.slice(close, at + 1))?.[1];
    // saxes says "unexpected close tag" only: the message names both elements, at the closing tag.
    if (problem === 'unexpected close tag' && close !== -1 && name && lastClosed) found = { problem: `</${name}> closes <${lastClosed}>, which is still open; close the inner element first`, at: close };
    else found = { problem, at };
  });
  parser.write(text).close();
  if (!found) return undefined;
  const hidden = hiddenCause(text, found.at);
  return hidden ?? found;
}

/** A character or entity reference: `&amp;`, `&#65;`, `&#x42;`. */
const REFERENCE = /&(?:[A-Za-z_:][-\w.:]*|#\d+|#x[\da-fA-F]+);/y;

/**
 * A cause saxes reports late, at the end of the document as an unclosed tag: a bare "&" (read as
 * the start of an entity name that runs on to the next ";") or a comment, CDATA section or
 * processing instruction that is never closed (it swallows the rest). The first such cause
 * before where saxes stopped is the one to show.
 */
function hiddenCause(text: string, stopped: number): XmlProblem | undefined {
  for (let i = 0; i < stopped; i++) {
    const c = text[i];
    if (c === '<') {
      for (const [open, close, what] of SECTIONS) {
        if (!text.startsWith(open, i)) continue;
        const end = text.indexOf(close, i + open.length);
        if (end === -1) return { problem: `${what} is never closed with "${close}"`, at: i };
        i = end + close.length - 1;
        break;
      }
    } else if (c === '&') {
      REFERENCE.lastIndex = i;
      if (!REFERENCE.test(text)) return { problem: 'a bare "&"; write it as &amp;', at: i };
    }
  }
  return undefined;
}

const SECTIONS: ReadonlyArray<readonly [string, string, string]> = [
  ['<!--', '-->', 'a comment'],
  ['<![CDATA[', ']]>', 'a CDATA section'],
  ['<?', '?>', 'a processing instruction'],
];

/** The 1-based line and column of an offset in a text (lines end at \n). */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

export default defineRule({
  id: 'cluster/fairscheduler-xml',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'hadoop_settings.fairscheduler_settings.fairscheduler_config_xml is not well-formed XML.',
    rationale:
      'Spec 4.11.3: `fairscheduler_settings` holds "fairscheduler_config_xml (string, default blank)", the fair scheduler\'s XML configuration. A document that is not well-formed XML 1.0 cannot be parsed, so the scheduler cannot load it. dplint reads the value with a conforming XML parser (saxes): tags that do not nest, more than one root element, duplicate, unquoted or valueless attributes, "<" in an attribute value, a bare "&" or an entity other than the five XML predefines, an XML declaration that is not at the very start, and "--" inside a comment are all errors. A document type declaration\'s own entities are not read (no allocation file has one). The allocation file\'s own vocabulary is not checked. A blank value keeps the default and is not reported.',
    fix: 'Make the XML well-formed: one root element (normally <allocations>), every tag closed in the order it was opened, attribute values quoted and given once, "<" and "&" written as &lt; and &amp;, and <?xml ...?> first or not at all. The finding points at the place in the value where the parser stopped; the line and column in the message count from the start of the XML string.',
  },
  messages: {
    notWellFormed: 'hadoop_settings.fairscheduler_settings.fairscheduler_config_xml is not well-formed XML: {{problem}} (line {{line}}, column {{column}} of the XML); the fair scheduler cannot load it',
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['hadoop_settings', 'fairscheduler_settings', 'fairscheduler_config_xml'];
    const xml = getIn(body, path);
    if (typeof xml !== 'string' || !isKnown(xml) || xml.trim() === '') return;
    const problem = firstProblem(xml);
    if (!problem) return;
    const at = Math.min(problem.at, xml.length - 1);
    report({ messageId: 'notWellFormed', path, within: { start: at, end: at + 1 }, data: { problem: problem.problem, ...lineAndColumn(xml, at) } });
  },
  cases: {
    valid: [
      {
        name: 'an allocation file',
        yaml:
          'hadoop_settings:\n  fairscheduler_settings:\n    default_pool: etl\n    fairscheduler_config_xml: |\n      <?xml version="1.0"?>\n      <!-- pools for the ETL team -->\n      <allocations>\n        <pool name="etl">\n          <minMaps>10</minMaps>\n          <schedulingMode>fair</schedulingMode>\n        </pool>\n        <pool name="adhoc" weight="0.5"/>\n        <userMaxJobsDefault>5</userMaxJobsDefault>\n      </allocations>\n',
      },
      { name: 'blank keeps the default', yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: ""\n' },
      { name: 'the five predefined entities, character references and CDATA', yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><pool name=\\"r&amp;d &lt;&gt;&quot;&apos; &#65;&#x42;\\"><![CDATA[a < b & c]]></pool></allocations>"\n' },
      { name: 'a ">" in an attribute value', yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: \'<allocations><pool name="a>b"/></allocations>\'\n' },
    ],
    invalid: [
      {
        name: 'tags closed out of order',
        example: true,
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: |\n      <allocations>\n        <pool name="etl">\n          <minMaps>10</pool>\n        </minMaps>\n      </allocations>\n',
        findings: [{ messageId: 'notWellFormed', line: 6, column: 22, data: { problem: '</pool> closes <minMaps>, which is still open; close the inner element first', line: 3, column: 16 } }],
      },
      {
        name: 'root never closed',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><pool name=\\"etl\\"></pool>"\n',
        findings: [{ messageId: 'notWellFormed', line: 3, column: 70, data: { problem: 'unclosed tag: allocations', line: 1, column: 37 } }],
      },
      {
        name: 'a closing tag too many',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations></allocations></pool>"\n',
        findings: [{ messageId: 'notWellFormed', line: 3, column: 65, data: { problem: 'unmatched closing tag: pool', line: 1, column: 34 } }],
      },
      {
        name: 'a stray less-than',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><maxRunningJobs>< 5</maxRunningJobs></allocations>"\n',
        findings: [{ messageId: 'notWellFormed', line: 3, column: 62, data: { problem: 'disallowed character in tag name', line: 1, column: 31 } }],
      },
      {
        name: 'a comment never closed',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><!-- old pools </allocations>"\n',
        findings: [{ messageId: 'notWellFormed', line: 3, column: 45, data: { problem: 'a comment is never closed with "-->"', line: 1, column: 14 } }],
      },
      {
        name: 'two roots',
        example: true,
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: |\n      <pool name="etl"/>\n      <pool name="adhoc"/>\n',
        findings: [{ messageId: 'notWellFormed', line: 5, column: 12, data: { problem: 'documents may contain only one root', line: 2, column: 6 } }],
      },
      {
        name: 'plain text',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "pool etl weight 2"\n',
        findings: [{ messageId: 'notWellFormed', line: 3, column: 48, data: { problem: 'text data outside of root node', line: 1, column: 17 } }],
      },
      {
        name: 'only a comment',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<!-- to do -->"\n',
        findings: [{ messageId: 'notWellFormed', line: 3, column: 45, data: { problem: 'document must contain a root element', line: 1, column: 14 } }],
      },
      {
        name: 'a duplicate attribute',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: |\n      <allocations>\n        <pool name="etl" name="adhoc"/>\n      </allocations>\n',
        findings: [{ messageId: 'notWellFormed', line: 5, column: 39, data: { problem: 'duplicate attribute: name', line: 2, column: 33 } }],
      },
      {
        name: 'an unquoted attribute value',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><pool name=etl/></allocations>"\n',
        findings: [{ messageId: 'notWellFormed', line: 3, column: 56, data: { problem: 'unquoted attribute value', line: 1, column: 25 } }],
      },
      {
        name: 'an attribute without a value',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><pool name/></allocations>"\n',
        findings: [{ messageId: 'notWellFormed', line: 3, column: 55, data: { problem: 'disallowed character in attribute name', line: 1, column: 24 } }],
      },
      {
        name: 'a less-than in an attribute value',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><pool name=\\"a<b\\"/></allocations>"\n',
        findings: [{ messageId: 'notWellFormed', line: 3, column: 59, data: { problem: 'disallowed character', line: 1, column: 27 } }],
      },
      {
        name: 'an undefined entity',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: |\n      <allocations>\n        <pool name="etl">&nbsp;</pool>\n      </allocations>\n',
        findings: [{ messageId: 'notWellFormed', line: 5, column: 31, data: { problem: 'undefined entity', line: 2, column: 25 } }],
      },
      {
        name: 'a bare ampersand',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><pool name=\\"r&d\\"/></allocations>"\n',
        findings: [{ messageId: 'notWellFormed', line: 3, column: 59, data: { problem: 'a bare "&"; write it as &amp;', line: 1, column: 27 } }],
      },
      {
        name: 'an XML declaration after the start',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: |\n      <!-- pools -->\n      <?xml version="1.0"?>\n      <allocations/>\n',
        findings: [{ messageId: 'notWellFormed', line: 5, column: 12, data: { problem: 'an XML declaration must be at the start of the document', line: 2, column: 6 } }],
      },
      {
        name: 'two dashes inside a comment',
        yaml: 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: |\n      <allocations>\n        <!-- old -- pools -->\n      </allocations>\n',
        findings: [{ messageId: 'notWellFormed', line: 5, column: 20, data: { problem: 'malformed comment', line: 2, column: 14 } }],
      },
    ],
  },
});
