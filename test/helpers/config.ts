import { ConfigError, parseConfig } from '../../src/config/config.js';

/** The one line a config error prints (what parseConfig throws for `dplint.config.yaml`), or "no error". */
export function configError(text: string): string {
  try {
    parseConfig(text, 'dplint.config.yaml');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'no error';
}
