import type { Rule } from '../types.js';

/** Declares a rule; typed so that every `report` names a messageId of the rule's own table. */
export function defineRule<MessageId extends string, Options extends Record<string, unknown> = Record<string, never>>(
  rule: Rule<MessageId, Options>,
): Rule<MessageId, Options> {
  return rule;
}

/** Renders `{{name}}` placeholders of a message template. */
export function renderMessage(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(data, name) ? String(data[name]) : whole));
}
