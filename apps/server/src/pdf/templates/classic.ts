import type { TemplateLook } from './invoice-layout';
import { templateOf } from './invoice-layout';

/**
 * Classic: Noto Serif headings, the sender block at the top left as on a letterhead, a ruled table
 * (accent rules above and below its header, a rule under every row) and no fills.
 */
export const CLASSIC_LOOK: TemplateLook = {
  name: 'classic',
  accent: '#7f1d1d',
  margin: { top: 44, right: 48, bottom: 56, left: 48 },
  senderInHeader: true,
  spacing: 0.7,
  logoHeight: 48,
  cellPadY: 5,
  styles: (accent) => ({
    title: { weight: 'serif-bold', size: 24, color: accent },
    number: { weight: 'serif', size: 11, color: '#374151' },
    metaLabel: { weight: 'regular', size: 9, color: '#4b5563' },
    metaValue: { weight: 'bold', size: 9, color: '#111827' },
    label: { weight: 'serif-bold', size: 9, color: accent },
    partyName: { weight: 'serif-bold', size: 11, color: '#111827' },
    party: { weight: 'regular', size: 9.5, color: '#111827' },
    tableHead: { weight: 'serif-bold', size: 9, color: '#111827' },
    cell: { weight: 'regular', size: 9.5, color: '#111827' },
    description: { weight: 'regular', size: 8, color: '#4b5563' },
    totalLabel: { weight: 'regular', size: 9.5, color: '#4b5563' },
    totalValue: { weight: 'regular', size: 9.5, color: '#111827' },
    grandTotal: { weight: 'serif-bold', size: 12.5, color: accent },
    body: { weight: 'regular', size: 9, color: '#111827' },
    footer: { weight: 'serif', size: 8, color: '#6b7280' },
  }),
  paint: (accent) => ({
    headerRule: { color: accent, width: 1.5 },
    headFill: null,
    headRules: { color: accent, width: 1 },
    rowRule: { color: '#9ca3af', width: 0.5 },
    totalRule: { color: accent, width: 1 },
    footerRule: { color: '#9ca3af', width: 0.5 },
  }),
};

export const classicTemplate = templateOf(CLASSIC_LOOK);
