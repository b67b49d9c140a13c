import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatReportCell, type ReportAnswer, type ReportColumnKind } from '@raahi/domain';

/**
 * A report's chart (Recharts, decision 0047): its own chunk, loaded only with a report on the Reporting screen. SVG,
 * with Recharts' keyboard-navigable accessibility layer; the table below holds every figure the chart draws.
 */
const COLOURS = ['#2563eb', '#f97316', '#16a34a', '#dc2626', '#9333ea', '#0891b2'];
const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
const humanize = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

export default function ReportChart({ answer }: { answer: ReportAnswer }) {
  const { chart, columns } = answer;
  const column = (key: string) => columns.find((c) => c.key === key);
  const label = (key: string) => column(key)?.label ?? humanize(key);
  const kindOf = (key: string): ReportColumnKind => column(key)?.kind ?? 'integer';
  const xKind = kindOf(chart.x);
  const tick = (value: unknown) => (xKind === 'month' || xKind === 'date' ? formatReportCell(xKind, String(value)) : String(value ?? ''));
  const money = chart.series.some((key) => kindOf(key) === 'money');
  // Counts (a register's states) take whole ticks only.
  const counts = chart.series.every((key) => kindOf(key) === 'integer');
  const yTick = (value: number) => (money ? `₹${compact.format(value)}` : compact.format(value));
  const tooltip = (value: unknown, name: unknown) => {
    const key = chart.series.find((s) => label(s) === name) ?? String(name);
    return [formatReportCell(kindOf(key), typeof value === 'number' ? value : null), String(name)];
  };
  if (chart.points.length === 0)
    return <p className="grid h-72 place-items-center text-sm text-muted-foreground">Nothing to chart for this period and filters.</p>;
  const common = { data: chart.points, margin: { top: 8, right: 16, left: 8, bottom: 8 }, accessibilityLayer: true };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
      <XAxis dataKey={chart.x} tickFormatter={tick} tick={{ fontSize: 12 }} interval="preserveStartEnd" />
      <YAxis tickFormatter={yTick} tick={{ fontSize: 12 }} width={72} allowDecimals={!counts} />
      <Tooltip formatter={tooltip} labelFormatter={tick} />
      <Legend />
    </>
  );
  return (
    <figure aria-label={`Chart: ${answer.title}`} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        {chart.type === 'line' ? (
          <LineChart {...common}>
            {axes}
            {chart.series.map((key, i) => (
              <Line
                key={key}
                type="monotone"
                dataKey={key}
                name={label(key)}
                stroke={COLOURS[i % COLOURS.length]}
                strokeWidth={2}
                dot={false}
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart {...common}>
            {axes}
            {chart.series.map((key, i) => (
              <Bar
                key={key}
                dataKey={key}
                name={label(key)}
                fill={COLOURS[i % COLOURS.length]}
                stackId={chart.type === 'stacked-bar' ? 'stack' : undefined}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </figure>
  );
}
