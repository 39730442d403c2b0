import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

/** Set: written and not blank (a ${VAR} placeholder is a token filled in at deploy time). */
function isSet(value: unknown): boolean {
  return !isUnset(value) && !(typeof value === 'string' && value.trim() === '');
}

export default defineRule({
  id: 'cluster/monitor-enables-ganglia',
  appliesTo: ['edit-cluster'],
  severity: 'info',
  docs: {
    summary: 'Setting monitor_settings tokens turns on Ganglia monitoring for the cluster.',
    rationale:
      'Spec 4.11: `monitor_settings` has "monitor_api_token, monitor_app_token (strings, default null); setting them turns on Ganglia monitoring"; `enable_ganglia_monitoring` is "default false". A reviewer should know that the tokens switch monitoring on, and in particular that they do so even where the same body says `enable_ganglia_monitoring: false`.',
    fix: 'Nothing to fix when monitoring is wanted. Otherwise leave the tokens unset (null); with enable_ganglia_monitoring: false, decide which of the two you mean.',
  },
  messages: {
    turnsOn: 'monitor_settings sets {{tokens}}, which turns on Ganglia monitoring for this cluster',
    overridesDisabled:
      'monitor_settings sets {{tokens}}, which turns on Ganglia monitoring although enable_ganglia_monitoring is false; remove the tokens if monitoring should stay off',
  },
  defaultOptions: {},
  check({ body, report }) {
    const monitor = getIn(body, ['monitor_settings']);
    if (!isObject(monitor)) return;
    const tokens = ['monitor_api_token', 'monitor_app_token'].filter((name) => isSet(monitor[name]));
    if (tokens.length === 0) return;
    const disabled = getIn(body, ['enable_ganglia_monitoring']) === false;
    report({ messageId: disabled ? 'overridesDisabled' : 'turnsOn', path: ['monitor_settings'], data: { tokens: tokens.join(' and ') } });
  },
  cases: {
    valid: [
      { name: 'tokens unset', yaml: 'monitor_settings:\n  monitor_api_token: null\n  monitor_app_token: null\nenable_ganglia_monitoring: false\n' },
      { name: 'blank tokens', yaml: 'monitor_settings:\n  monitor_api_token: ""\n' },
    ],
    invalid: [
      {
        name: 'tokens set',
        example: true,
        yaml: 'monitor_settings:\n  monitor_api_token: ${MONITOR_API_TOKEN}\n  monitor_app_token: ${MONITOR_APP_TOKEN}\n',
        findings: [{ messageId: 'turnsOn', line: 1, column: 1, data: { tokens: 'monitor_api_token and monitor_app_token' } }],
      },
      {
        name: 'tokens set while monitoring is switched off',
        yaml: 'enable_ganglia_monitoring: false\nmonitor_settings:\n  monitor_api_token: ${MONITOR_API_TOKEN}\n',
        findings: [{ messageId: 'overridesDisabled', line: 2, column: 1, data: { tokens: 'monitor_api_token' } }],
      },
    ],
  },
});
