import type { DashboardMonth } from '@invoicer/domain/api/dashboard';
import type { CurrencyCode } from '@invoicer/domain/currencies';
import { amountToMinor, formatDecimalMoney, formatMoney } from '@invoicer/domain/money';
import { useElementWidth } from '../../../lib/use-element-width';
import { compactMoney, monthAndYear, shortMonth } from '../model/format';
import { Panel } from '../../../components/ui/panel';

/** The smallest 1, 1.5, 2, 2.5 or 5 × 10ⁿ at or above the value, so gridlines fall on round amounts. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.5, 2, 2.5, 5, 10].find((candidate) => candidate * power >= value) ?? 10;
  return step * power;
}

const PAID = 'fill-emerald-600';
const OUTSTANDING = 'fill-amber-600';

function Legend() {
  return (
    <ul aria-hidden className="flex items-center gap-3 text-xs text-slate-600">
      <li className="flex items-center gap-1.5">
        <span className="h-2.5 w-2.5 rounded-sm bg-emerald-600" />
        Paid
      </li>
      <li className="flex items-center gap-1.5">
        <span className="h-2.5 w-2.5 rounded-sm bg-amber-600" />
        Outstanding
      </li>
    </ul>
  );
}

interface MonthlyChartProps {
  months: DashboardMonth[];
  currency: CurrencyCode;
  symbol: string;
}

/**
 * Paid and outstanding amounts by month, last 12 months, as grouped bars drawn in real pixels (so
 * labels keep their size on a phone). Screen readers get a summary and the same figures as a table.
 */
export function MonthlyChart({ months, currency, symbol }: MonthlyChartProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const narrow = width < 480;
  const height = narrow ? 200 : 240;
  const margin = { top: 12, right: 4, bottom: 24, left: narrow ? 44 : 56 };
  const plotWidth = Math.max(0, width - margin.left - margin.right);
  const plotHeight = height - margin.top - margin.bottom;

  const largest = Math.max(0, ...months.flatMap((month) => [month.paid, month.outstanding]));
  const ceiling = niceCeiling(largest);
  const ticks = [0, ceiling / 2, ceiling];
  const y = (value: number) => margin.top + plotHeight - (value / ceiling) * plotHeight;

  const group = months.length > 0 ? plotWidth / months.length : 0;
  const barWidth = Math.max(2, Math.min(18, (group * 0.72) / 2));
  const fullLabels = group >= 30;

  const money = (amount: number) => formatDecimalMoney(amount, currency);
  const paidTotal = months.reduce((sum, month) => sum + amountToMinor(month.paid, currency), 0);
  const outstandingTotal = months.reduce((sum, month) => sum + amountToMinor(month.outstanding, currency), 0);
  const first = months[0];
  const last = months[months.length - 1];
  const summary =
    first && last
      ? `Bar chart of paid and outstanding amounts in ${currency} by month, ${monthAndYear(first.month)} to ${monthAndYear(last.month)}. ` +
        `Paid in total ${formatMoney(paidTotal, currency)}, outstanding ${formatMoney(outstandingTotal, currency)}. The table that follows lists every month.`
      : `No monthly figures in ${currency}.`;

  return (
    <Panel title="Last 12 Months" action={<Legend />}>
      <div ref={ref} className="relative w-full" style={{ height }}>
        {width > 0 && (
          <svg width={width} height={height} role="img" aria-label={summary} className="block overflow-visible">
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={margin.left}
                  x2={width - margin.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  className={tick === 0 ? 'stroke-slate-300' : 'stroke-slate-200'}
                  strokeDasharray={tick === 0 ? undefined : '3 3'}
                />
                <text
                  x={margin.left - 6}
                  y={y(tick)}
                  dy="0.32em"
                  textAnchor="end"
                  className="fill-slate-600 text-[11px] tabular-nums"
                >
                  {compactMoney(tick, symbol)}
                </text>
              </g>
            ))}
            {months.map((month, index) => {
              const center = margin.left + group * index + group / 2;
              const label = shortMonth(month.month);
              return (
                <g key={month.month}>
                  <rect
                    x={center - barWidth}
                    y={y(month.paid)}
                    width={barWidth}
                    height={Math.max(0, margin.top + plotHeight - y(month.paid))}
                    rx={2}
                    className={PAID}
                  >
                    <title>{`${monthAndYear(month.month)}: paid ${money(month.paid)}`}</title>
                  </rect>
                  <rect
                    x={center}
                    y={y(month.outstanding)}
                    width={barWidth}
                    height={Math.max(0, margin.top + plotHeight - y(month.outstanding))}
                    rx={2}
                    className={OUTSTANDING}
                  >
                    <title>{`${monthAndYear(month.month)}: outstanding ${money(month.outstanding)}`}</title>
                  </rect>
                  <text x={center} y={height - 6} textAnchor="middle" className="fill-slate-600 text-[11px]">
                    {fullLabels ? label : label[0]}
                  </text>
                </g>
              );
            })}
          </svg>
        )}
        {largest === 0 && (
          <p className="absolute inset-x-0 top-1/3 px-4 text-center text-sm text-slate-600">
            Nothing paid or outstanding in {currency} in the last 12 months.
          </p>
        )}
      </div>
      {/* Hidden by a wrapper: a table ignores the 1 px width of sr-only and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Paid and outstanding amounts in {currency} by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Paid</th>
              <th scope="col">Outstanding</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthAndYear(month.month)}</th>
                <td>{money(month.paid)}</td>
                <td>{money(month.outstanding)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
