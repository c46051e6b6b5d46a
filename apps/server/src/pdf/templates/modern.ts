import type { TemplateLook } from './invoice-layout';
import { templateOf } from './invoice-layout';

/** Modern, the first template: grey table band, bold sans-serif, the accent on the title and the total. */
export const MODERN_LOOK: TemplateLook = {
  name: 'modern',
  accent: '#1e3a8a',
  margin: { top: 48, right: 48, bottom: 56, left: 48 },
  senderInHeader: false,
  spacing: 1,
  logoHeight: 64,
  cellPadY: 6,
  styles: (accent) => ({
    title: { weight: 'bold', size: 26, color: accent },
    number: { weight: 'regular', size: 11, color: '#6b7280' },
    metaLabel: { weight: 'regular', size: 9, color: '#6b7280' },
    metaValue: { weight: 'bold', size: 9, color: '#111827' },
    label: { weight: 'bold', size: 8, color: '#6b7280' },
    partyName: { weight: 'bold', size: 10.5, color: '#111827' },
    party: { weight: 'regular', size: 9.5, color: '#111827' },
    tableHead: { weight: 'bold', size: 8.5, color: '#111827' },
    cell: { weight: 'regular', size: 9.5, color: '#111827' },
    description: { weight: 'regular', size: 8, color: '#6b7280' },
    totalLabel: { weight: 'regular', size: 9.5, color: '#6b7280' },
    totalValue: { weight: 'regular', size: 9.5, color: '#111827' },
    grandTotal: { weight: 'bold', size: 12, color: accent },
    body: { weight: 'regular', size: 9, color: '#111827' },
    footer: { weight: 'regular', size: 8, color: '#6b7280' },
  }),
  paint: () => ({
    headerRule: null,
    headFill: '#f3f4f6',
    headRules: null,
    rowRule: { color: '#e5e7eb', width: 0.5 },
    totalRule: { color: '#111827', width: 1 },
    footerRule: { color: '#e5e7eb', width: 0.5 },
  }),
};

export const modernTemplate = templateOf(MODERN_LOOK);
