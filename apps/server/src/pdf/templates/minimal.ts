import type { TemplateLook } from './invoice-layout';
import { templateOf } from './invoice-layout';

/**
 * Minimal: black on white, wider side margins, hairline rules, no fills; the accent colour only
 * draws the rule under the header.
 */
export const MINIMAL_LOOK: TemplateLook = {
  name: 'minimal',
  accent: '#111827',
  margin: { top: 48, right: 56, bottom: 48, left: 56 },
  senderInHeader: false,
  spacing: 1,
  logoHeight: 64,
  cellPadY: 6,
  styles: () => ({
    title: { weight: 'regular', size: 22, color: '#111827' },
    number: { weight: 'regular', size: 10.5, color: '#4b5563' },
    metaLabel: { weight: 'regular', size: 9, color: '#4b5563' },
    metaValue: { weight: 'regular', size: 9, color: '#111827' },
    label: { weight: 'regular', size: 8, color: '#4b5563' },
    partyName: { weight: 'bold', size: 10, color: '#111827' },
    party: { weight: 'regular', size: 9.5, color: '#111827' },
    tableHead: { weight: 'regular', size: 8.5, color: '#4b5563' },
    cell: { weight: 'regular', size: 9.5, color: '#111827' },
    description: { weight: 'regular', size: 8, color: '#4b5563' },
    totalLabel: { weight: 'regular', size: 9.5, color: '#4b5563' },
    totalValue: { weight: 'regular', size: 9.5, color: '#111827' },
    grandTotal: { weight: 'bold', size: 11.5, color: '#111827' },
    body: { weight: 'regular', size: 9, color: '#111827' },
    footer: { weight: 'regular', size: 8, color: '#4b5563' },
  }),
  paint: (accent) => ({
    headerRule: { color: accent, width: 0.75 },
    headFill: null,
    headRules: null,
    rowRule: { color: '#e5e7eb', width: 0.5 },
    totalRule: { color: '#111827', width: 0.5 },
    footerRule: null,
  }),
};

export const minimalTemplate = templateOf(MINIMAL_LOOK);
