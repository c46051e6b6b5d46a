import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, loadEnvFile } from './config';

describe('settings', () => {
  const names: string[] = [];
  const unique = (label: string) => {
    const name = `INVOICER_TEST_${label}_${randomBytes(4).toString('hex').toUpperCase()}`;
    names.push(name);
    return name;
  };
  afterEach(() => {
    for (const name of names.splice(0)) delete process.env[name];
  });

  it('reads a .env file into the environment, where the real environment wins', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoicer-env-'));
    try {
      const [fromFile, alreadySet] = [unique('FROM_FILE'), unique('ALREADY_SET')];
      process.env[alreadySet] = 'from the environment';
      const file = path.join(dir, '.env');
      await fs.writeFile(file, `# a comment\n${fromFile}="from the file"\n${alreadySet}=from the file\n`);
      expect(loadEnvFile(file)).toBe(file);
      expect(process.env[fromFile]).toBe('from the file');
      expect(process.env[alreadySet]).toBe('from the environment');
      expect(loadEnvFile(path.join(dir, 'missing.env'))).toBeNull();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('takes FONTS_DIR with the other settings, and ignores what it does not know', () => {
    const config = loadConfig({ FONTS_DIR: '/srv/fonts', NODE_ENV: 'development', PORT: '8080' });
    expect(config.FONTS_DIR).toBe('/srv/fonts');
    expect(config.PORT).toBe(8080);
    expect(config).not.toHaveProperty('NODE_ENV');
    expect(loadConfig({}).FONTS_DIR).toBeUndefined();
  });

  it('refuses a malformed setting with a message naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
