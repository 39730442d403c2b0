import { defineRule } from '../../src/define-rule.js';
import { isObject, someKey } from '../support/rule-helpers.js';
import { fieldName } from '../../src/parse/pointer.js';
import { BODY_SCHEMAS, DEFINITIONS, hasBodySchema, type JsonSchema } from '../../src/schema/body-schemas.js';

/** Member names as the vendor's own API and SDKs send them, and this spec's neutral name for each. */
const VENDOR_SPELLINGS = new Map([
  ['ec2_settings', 'vm_settings'],
  ['custom_ec2_tags', 'custom_vm_tags'],
  ['ebs_volume_type', 'blk_volume_type'],
  ['ebs_volume_size', 'blk_volume_size'],
  ['ebs_volume_count', 'blk_volume_count'],
  ['ebs_upscaling_config', 'blk_upscaling_config'],
  ['max_ebs_volume_count', 'max_blk_volume_count'],
  ['aws_region', 'cloud_region'],
  ['aws_preferred_availability_zone', 'cloud_preferred_availability_zone'],
  ['datadog_settings', 'monitor_settings'],
  ['datadog_api_token', 'monitor_api_token'],
  ['datadog_app_token', 'monitor_app_token'],
  ['show_s3_download_link', 'show_store_download_link'],
  ['show_s3_upload_link', 'show_store_upload_link'],
]);

/** Spellings the vendor SDKs send that differ from the vendor's own docs (SOURCES.md items 8 and 9). */
const SDK_SPELLINGS = new Map([
  ['persistent_security_group', 'persistent_security_groups'],
  ['heterogenous_instance_config', 'heterogeneous_instance_config'],
]);

/** Both kinds at once, for the first look at every key of a body (someKey). */
const OTHER_SPELLINGS: ReadonlySet<string> = new Set([...VENDOR_SPELLINGS.keys(), ...SDK_SPELLINGS.keys()]);

export default defineRule({
  id: 'body/vendor-spelling',
  appliesTo: '*',
  severity: 'warning',
  fixable: true,
  hasSuggestions: true,
  docs: {
    summary: 'A member is spelled the way the vendor API or SDK sends it (ec2_settings, aws_region, persistent_security_group) where this API has its own name.',
    rationale:
      'Spec, naming note: "identifiers that carry a cloud vendor\'s name use neutral words throughout this document (`vm_`, `blk_`, `store`, `cloud_`, `monitor_`, `alt_`); these neutral spellings are the identifiers of this specification"; spec 4.6: "The request syntax example names the region parameter `aws_region` in the original vendor naming; in this specification it is `cloud_region`". A body copied from vendor docs or built by a vendor SDK carries the old names, which are not parameters of this API. A member is reported only where its neutral name is a parameter of the same object for the operation; elsewhere the schema reports it as an unknown member.',
    fix: 'Rename the key to the neutral name the message gives (ec2_settings → vm_settings); `dplint --fix` does it. If both spellings are set, remove the vendor one (offered as a suggestion: which value was meant is yours to say).',
  },
  messages: {
    vendorSpelling: '{{field}} is the vendor spelling; this API calls it {{neutral}} (rename the key)',
    sdkSpelling: '{{field}} is the spelling vendor SDKs send; this API calls it {{neutral}} (rename the key)',
    alsoNeutral: '{{field}} is another spelling of {{neutral}}, which is also set here; remove {{field}}',
  },
  defaultOptions: {},
  check({ body, operation, report }) {
    if (!hasBodySchema(operation) || !someKey(body, OTHER_SPELLINGS)) return;
    const visit = (value: unknown, schema: JsonSchema, path: Array<string | number>): void => {
      if (Array.isArray(value)) {
        const items = resolve(schema).find((part) => isObject(part.items))?.items as JsonSchema | undefined;
        if (items) value.forEach((item, index) => visit(item, items, [...path, index]));
        return;
      }
      if (!isObject(value)) return;
      const members = membersOf(schema);
      for (const [key, child] of Object.entries(value)) {
        let childSchema = members.get(key);
        const neutral = VENDOR_SPELLINGS.get(key) ?? SDK_SPELLINGS.get(key);
        if (!childSchema && neutral && members.has(neutral)) {
          const at = [...path, key];
          if (Object.hasOwn(value, neutral)) {
            report({
              messageId: 'alsoNeutral',
              path: at,
              target: 'key',
              data: { field: fieldName(at), neutral },
              suggestions: [{ kind: 'removeMember', desc: `Remove ${key}, keeping ${neutral}` }],
            });
            continue;
          }
          const messageId = VENDOR_SPELLINGS.has(key) ? 'vendorSpelling' : 'sdkSpelling';
          // The neutral member is not set (checked above), so the rename only changes the spelling.
          report({ messageId, path: at, target: 'key', data: { field: fieldName(at), neutral }, fix: { kind: 'renameKey', to: neutral } });
          // Read what it holds as the neutral member, so ec2_settings.aws_region is found too.
          childSchema = members.get(neutral);
        }
        if (childSchema) visit(child, childSchema, [...path, key]);
      }
    };
    visit(body, BODY_SCHEMAS[operation], []);
  },
  cases: {
    valid: [
      {
        name: 'neutral spellings in a cluster edit',
        yaml: [
          'vm_settings:',
          '  cloud_region: us-west-2',
          '  cloud_preferred_availability_zone: us-west-2a',
          'node_configuration:',
          '  blk_volume_type: st1',
          '  blk_volume_size: 500',
          '  blk_volume_count: 2',
          '  custom_vm_tags:',
          '    team: data',
          'security_settings:',
          '  persistent_security_groups: analytics-sg',
          '',
        ].join('\n'),
      },
      {
        name: 'neutral spellings in an account edit',
        operation: 'edit-account',
        yaml: 'account:\n  show_store_download_link: true\n  show_store_upload_link: false\n  persistent_security_groups: analytics-sg\n',
      },
      {
        name: 'aws_region where the object has no cloud_region is left to the schema',
        operation: 'edit-account',
        yaml: 'account:\n  aws_region: us-east-1\n',
      },
      {
        name: 'the open cluster_info of a clone has no vm_settings',
        operation: 'clone-cluster',
        yaml: 'cluster_info:\n  label: [etl-clone]\n  ec2_settings:\n    aws_region: us-east-1\n',
      },
    ],
    invalid: [
      {
        name: 'ec2_settings and its members',
        example: true,
        yaml: 'ec2_settings:\n  aws_region: us-west-2\n  aws_preferred_availability_zone: us-west-2a\n',
        output: 'vm_settings:\n  cloud_region: us-west-2\n  cloud_preferred_availability_zone: us-west-2a\n',
        findings: [
          { messageId: 'vendorSpelling', line: 1, column: 1, data: { field: 'ec2_settings', neutral: 'vm_settings' } },
          { messageId: 'vendorSpelling', line: 2, column: 3, data: { field: 'ec2_settings.aws_region', neutral: 'cloud_region' } },
          {
            messageId: 'vendorSpelling',
            line: 3,
            column: 3,
            data: { field: 'ec2_settings.aws_preferred_availability_zone', neutral: 'cloud_preferred_availability_zone' },
          },
        ],
      },
      {
        name: 'block volume and tag settings as the SDK sends them',
        yaml: [
          'node_configuration:',
          '  slave_instance_type: m3.2xlarge',
          '  ebs_volume_type: st1',
          '  ebs_volume_size: 500',
          '  ebs_volume_count: 1',
          '  ebs_upscaling_config:',
          '    max_ebs_volume_count: 4',
          '  custom_ec2_tags:',
          '    team: data',
          '  heterogenous_instance_config:',
          '    memory:',
          '      - instance_type: m3.2xlarge',
          '        weight: 1.0',
          '',
        ].join('\n'),
        output: 'node_configuration:\n  slave_instance_type: m3.2xlarge\n  blk_volume_type: st1\n  blk_volume_size: 500\n  blk_volume_count: 1\n  blk_upscaling_config:\n    max_blk_volume_count: 4\n  custom_vm_tags:\n    team: data\n  heterogeneous_instance_config:\n    memory:\n      - instance_type: m3.2xlarge\n        weight: 1.0\n',
        findings: [
          { messageId: 'vendorSpelling', line: 3, column: 3 },
          { messageId: 'vendorSpelling', line: 4, column: 3 },
          { messageId: 'vendorSpelling', line: 5, column: 3 },
          { messageId: 'vendorSpelling', line: 6, column: 3 },
          { messageId: 'vendorSpelling', line: 7, column: 5 },
          { messageId: 'vendorSpelling', line: 8, column: 3 },
          { messageId: 'sdkSpelling', line: 10, column: 3 },
        ],
      },
      {
        name: 'datadog monitoring settings',
        yaml: 'datadog_settings:\n  datadog_api_token: ${MONITOR_API_TOKEN}\n  datadog_app_token: ${MONITOR_APP_TOKEN}\n',
        output: 'monitor_settings:\n  monitor_api_token: ${MONITOR_API_TOKEN}\n  monitor_app_token: ${MONITOR_APP_TOKEN}\n',
        findings: [
          { messageId: 'vendorSpelling', line: 1, column: 1, data: { field: 'datadog_settings', neutral: 'monitor_settings' } },
          { messageId: 'vendorSpelling', line: 2, column: 3, data: { field: 'datadog_settings.datadog_api_token', neutral: 'monitor_api_token' } },
          { messageId: 'vendorSpelling', line: 3, column: 3, data: { field: 'datadog_settings.datadog_app_token', neutral: 'monitor_app_token' } },
        ],
      },
      {
        name: 'the singular persistent_security_group of the SDKs',
        yaml: 'security_settings:\n  persistent_security_group: analytics-sg\n',
        output: 'security_settings:\n  persistent_security_groups: analytics-sg\n',
        findings: [
          { messageId: 'sdkSpelling', line: 2, column: 3, data: { field: 'security_settings.persistent_security_group', neutral: 'persistent_security_groups' } },
        ],
      },
      {
        name: 'aws_region in a create-account body',
        operation: 'create-account',
        yaml: 'account:\n  name: analytics\n  aws_region: us-east-1\n',
        output: 'account:\n  name: analytics\n  cloud_region: us-east-1\n',
        findings: [{ messageId: 'vendorSpelling', line: 3, column: 3, data: { field: 'account.aws_region', neutral: 'cloud_region' } }],
      },
      {
        name: 'storage links and security group in an account edit',
        operation: 'edit-account',
        yaml: 'account:\n  show_s3_download_link: true\n  show_s3_upload_link: true\n  persistent_security_group: analytics-sg\n',
        output: 'account:\n  show_store_download_link: true\n  show_store_upload_link: true\n  persistent_security_groups: analytics-sg\n',
        findings: [
          { messageId: 'vendorSpelling', line: 2, column: 3, data: { field: 'account.show_s3_download_link', neutral: 'show_store_download_link' } },
          { messageId: 'vendorSpelling', line: 3, column: 3, data: { field: 'account.show_s3_upload_link', neutral: 'show_store_upload_link' } },
          { messageId: 'sdkSpelling', line: 4, column: 3, data: { field: 'account.persistent_security_group', neutral: 'persistent_security_groups' } },
        ],
      },
      {
        name: 'a JSON body keeps its quotes',
        yaml: '{"ec2_settings": {"aws_region": "us-west-2"}, "label": ["etl"]}\n',
        output: '{"vm_settings": {"cloud_region": "us-west-2"}, "label": ["etl"]}\n',
        findings: [
          { messageId: 'vendorSpelling', line: 1, column: 2 },
          { messageId: 'vendorSpelling', line: 1, column: 19 },
        ],
      },
      {
        name: 'both spellings set',
        yaml: 'vm_settings:\n  cloud_region: us-west-2\nec2_settings:\n  aws_region: us-east-1\n',
        findings: [
          {
            messageId: 'alsoNeutral',
            line: 3,
            column: 1,
            data: { field: 'ec2_settings', neutral: 'vm_settings' },
            suggestions: [{ desc: 'Remove ec2_settings, keeping vm_settings', output: 'vm_settings:\n  cloud_region: us-west-2\n' }],
          },
        ],
      },
    ],
  },
});

/** The schema and the definitions its `$ref`s and `allOf`s lead to, flattened. */
function resolve(schema: JsonSchema): JsonSchema[] {
  const definitions = (DEFINITIONS.definitions ?? {}) as Record<string, JsonSchema>;
  const parts = [schema];
  if (typeof schema.$ref === 'string') {
    const target = definitions[schema.$ref.split('/').pop()!];
    if (target) parts.push(...resolve(target));
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) if (isObject(part)) parts.push(...resolve(part));
  return parts;
}

const MEMBERS = new WeakMap<JsonSchema, Map<string, JsonSchema>>();

/** The members an object schema lists, by name (worked out once per schema: bodies are many, schemas few). */
function membersOf(schema: JsonSchema): Map<string, JsonSchema> {
  const known = MEMBERS.get(schema);
  if (known) return known;
  const members = new Map<string, JsonSchema>();
  MEMBERS.set(schema, members);
  for (const part of resolve(schema)) {
    if (isObject(part.properties)) for (const [name, member] of Object.entries(part.properties)) if (isObject(member)) members.set(name, member);
  }
  return members;
}
