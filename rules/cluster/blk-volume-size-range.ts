import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isKnown, isUnset } from '../../src/schema/values.js';

const OVERALL_MAX = 16384;

// Spec 8, in GB (1 TB = 1024 GB). ssd: see the rationale for its bounds.
const RANGES: Record<string, { min: number; max: number }> = {
  standard: { min: 100, max: 1024 },
  ssd: { min: 1, max: OVERALL_MAX },
  st1: { min: 500, max: OVERALL_MAX },
  sc1: { min: 500, max: OVERALL_MAX },
};

export default defineRule({
  id: 'cluster/blk-volume-size-range',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'node_configuration.blk_volume_size is outside the range allowed for its blk_volume_type.',
    rationale:
      'Spec 8: blk_volume_size range "standard 100 GB to 1 TB; st1 and sc1 500 GB to 16 TB; overall 16 TB"; spec 4.11.2: `blk_volume_type` "standard (default, magnetic), ssd, st1, sc1", so without a type the standard range applies. For ssd the spec says "the ssd upper bound is stated inconsistently (16 GB and 16 TB)": dplint takes 16 TB, because 16 GB is below the ssd default ("100 GB for standard and ssd") and below the 100 GB standard minimum, so it cannot be the bound. The spec gives no ssd minimum, so none is added beyond the schema\'s 1 GB. When the type is a placeholder or not a known type, only the overall 16 TB is checked.',
    fix: `Choose a size within the range of the volume type (standard ${RANGES.standard.min}-${RANGES.standard.max} GB, st1 and sc1 ${RANGES.st1.min}-${RANGES.st1.max} GB, ssd up to ${RANGES.ssd.max} GB), or change blk_volume_type.`,
  },
  messages: {
    outOfRange: 'node_configuration.blk_volume_size must be between {{min}} and {{max}} GB for blk_volume_type {{type}}; got {{value}}',
    aboveOverall: `node_configuration.blk_volume_size must be at most ${OVERALL_MAX} GB (${OVERALL_MAX / 1024} TB) for any blk_volume_type; got {{value}}`,
  },
  defaultOptions: {},
  check({ body, report }) {
    const nodes = getIn(body, ['node_configuration']);
    if (!isObject(nodes)) return;
    const value = nodes.blk_volume_size;
    if (typeof value !== 'number') return;
    const path = ['node_configuration', 'blk_volume_size'];
    const type = nodes.blk_volume_type;
    const typeName = isUnset(type) ? 'standard' : type;
    const range = typeof typeName === 'string' && isKnown(typeName) && Object.hasOwn(RANGES, typeName) ? RANGES[typeName] : undefined;
    if (!range) {
      if (value > OVERALL_MAX) report({ messageId: 'aboveOverall', path, data: { value } });
      return;
    }
    if (value >= range.min && value <= range.max) return;
    report({
      messageId: 'outOfRange',
      path,
      data: { min: range.min, max: range.max, type: isUnset(type) ? 'standard (the default)' : String(typeName), value },
    });
  },
  cases: {
    valid: [
      { name: 'standard in range', yaml: 'node_configuration:\n  blk_volume_count: 2\n  blk_volume_type: standard\n  blk_volume_size: 500\n' },
      { name: 'st1 at 16 TB', yaml: 'node_configuration:\n  blk_volume_count: 1\n  blk_volume_type: st1\n  blk_volume_size: 16384\n' },
      { name: 'ssd of 50 GB', yaml: 'node_configuration:\n  blk_volume_count: 1\n  blk_volume_type: ssd\n  blk_volume_size: 50\n' },
      { name: 'default type, default range', yaml: 'node_configuration:\n  blk_volume_count: 1\n  blk_volume_size: 1024\n' },
      { name: 'type from a placeholder', yaml: 'node_configuration:\n  blk_volume_count: 1\n  blk_volume_type: ${VOLUME_TYPE}\n  blk_volume_size: 2000\n' },
    ],
    invalid: [
      {
        name: 'below the standard minimum, type defaulted',
        example: true,
        yaml: 'node_configuration:\n  blk_volume_count: 1\n  blk_volume_size: 23\n',
        findings: [{ messageId: 'outOfRange', line: 3, column: 20, data: { min: 100, max: 1024, type: 'standard (the default)', value: 23 } }],
      },
      {
        name: 'st1 below 500',
        yaml: 'node_configuration:\n  blk_volume_count: 1\n  blk_volume_type: st1\n  blk_volume_size: 200\n',
        findings: [{ messageId: 'outOfRange', line: 4, column: 20, data: { min: 500, max: 16384, type: 'st1', value: 200 } }],
      },
      {
        name: 'ssd above 16 TB',
        yaml: 'node_configuration:\n  blk_volume_count: 1\n  blk_volume_type: ssd\n  blk_volume_size: 20000\n',
        findings: [{ messageId: 'outOfRange', line: 4, column: 20, data: { min: 1, max: 16384, type: 'ssd', value: 20000 } }],
      },
      {
        name: 'type from a placeholder, above 16 TB',
        yaml: 'node_configuration:\n  blk_volume_count: 1\n  blk_volume_type: ${VOLUME_TYPE}\n  blk_volume_size: 17000\n',
        findings: [{ messageId: 'aboveOverall', line: 4, column: 20, data: { value: 17000 } }],
      },
    ],
  },
});
