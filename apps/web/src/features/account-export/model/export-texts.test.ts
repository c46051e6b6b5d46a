import { describe, expect, it } from 'vitest';
import { downloadText, isUnderWay, progressText } from './export-texts';

describe('the export section texts', () => {
  it('says how far the export is, in grouped numbers', () => {
    expect(progressText({ done: 1234, total: 20000 })).toBe('Preparing your export: 1,234 of 20,000 invoices');
    expect(progressText({ done: 0, total: 1 })).toBe('Preparing your export: 0 of 1 invoice');
  });

  it('gives the size of the download', () => {
    expect(downloadText(Math.round(12.3 * 1024 * 1024))).toBe('Download (12.3 MB)');
    expect(downloadText(null)).toBe('Download');
  });

  it('follows queued and running exports only', () => {
    expect(isUnderWay('queued')).toBe(true);
    expect(isUnderWay('running')).toBe(true);
    expect(isUnderWay('ready')).toBe(false);
    expect(isUnderWay('failed')).toBe(false);
    expect(isUnderWay(undefined)).toBe(false);
  });
});
