import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatReportCell, type KpiMonth } from '@raahi/domain';
import { KPI_FIGURES } from './kpi-figures';

/**
 * The KPI dashboard's four trend lines (Recharts, decision 0050): in the Reporting screen's lazy chunk with the
 * report charts. Each an SVG with Recharts' keyboard-navigable accessibility layer, named by its figure, and its
 * twelve values in a table beside it for a screen reader.
 */
export default function KpiCharts({ months }: { months: KpiMonth[] }) {
  const month = (value: unknown) => formatReportCell('month', String(value ?? ''));
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {KPI_FIGURES.map((figure) => {
        const format = (value: unknown) => formatReportCell(figure.kind, typeof value === 'number' ? value : null);
        const latest = [...months].reverse().find((m) => m[figure.key] !== null);
        return (
          <section key={figure.key} aria-label={figure.title} className="grid gap-2 rounded-xl border bg-card p-4">
            <div className="flex items-baseline justify-between gap-2">
              <h2 className="font-medium">{figure.title}</h2>
              <span className="text-sm tabular-nums text-muted-foreground">
                {latest ? `${month(latest.month)}: ${format(latest[figure.key])}` : 'No figures yet'}
              </span>
            </div>
            <figure aria-label={`Chart: ${figure.title}, ${month(months[0]?.month)} – ${month(months.at(-1)?.month)}`} className="h-56 w-full">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={months} margin={{ top: 8, right: 16, left: 8, bottom: 8 }} accessibilityLayer>
                  <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                  <XAxis dataKey="month" tickFormatter={month} tick={{ fontSize: 12 }} interval="preserveStartEnd" />
                  <YAxis tickFormatter={format} tick={{ fontSize: 12 }} width={84} />
                  <Tooltip formatter={(value) => [format(value), figure.title]} labelFormatter={month} />
                  <Line
                    type="monotone"
                    dataKey={figure.key}
                    name={figure.title}
                    stroke={figure.colour}
                    strokeWidth={2}
                    dot
                    connectNulls={false}
                    isAnimationActive={false}
                  />
                </LineChart>
              </ResponsiveContainer>
            </figure>
            <table className="sr-only">
              <caption>{figure.title} by month</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">{figure.title}</th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{month(m.month)}</th>
                    <td>{format(m[figure.key])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
