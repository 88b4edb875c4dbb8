import type { ApexOptions } from 'apexcharts';
import ReactApexChart from 'react-apexcharts';
import { useT } from '../../i18n';
import { useIsDark } from '../layout/use-theme';

export interface ChartSeries {
  name: string;
  data: number[];
}

interface ChartProps {
  kind: 'bar' | 'line' | 'area';
  /** One label per point of every series (the x axis). */
  categories: string[];
  series: ChartSeries[];
  stacked?: boolean;
  height?: number;
  testId?: string;
}

/** The console's one chart: ApexCharts in the Tailwind palette; the data also rides on data-series for tests. */
export function Chart({ kind, categories, series, stacked = false, height = 260, testId }: ChartProps) {
  const t = useT();
  const dark = useIsDark();
  const options: ApexOptions = {
    chart: { stacked, toolbar: { show: false }, animations: { enabled: false }, fontFamily: 'inherit', background: 'transparent' },
    // Apex's dark mode recolours labels and tooltips; the grid takes the card border's colour.
    theme: { mode: dark ? 'dark' : 'light' },
    grid: { borderColor: dark ? '#1e293b' : '#e2e8f0' },
    noData: { text: t('log.noData'), style: { color: dark ? '#94a3b8' : '#64748b' } },
    colors: ['#4f46e5', '#0ea5e9', '#10b981', '#f59e0b', '#f43f5e', '#8b5cf6', '#64748b'],
    xaxis: { categories },
    dataLabels: { enabled: false },
    legend: { position: 'top' },
    stroke: { width: kind === 'bar' ? 0 : 2 },
    // A single bucket is a line of one point: without markers it would draw nothing.
    markers: { size: kind === 'bar' ? 0 : 4 },
  };
  return (
    <div data-testid={testId} data-series={JSON.stringify(series)}>
      <ReactApexChart type={kind} options={options} series={series} height={height} />
    </div>
  );
}
