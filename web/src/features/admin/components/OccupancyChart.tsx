/**
 * The occupancy chart (visx, SVG): one bar per day of places used, the part held by open checkouts hatched on top,
 * days at capacity in red, and the capacity as a dashed line. Loaded on its own chunk when the panel first shows.
 * The figure is one image to assistive technology (its title and summary); the panel's table holds every number.
 */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import { isFullDay, type Occupancy } from '@shared/occupancy';
import { dayLabel, occupancySummary, shortDate, tickDates, wholeTicks } from '../occupancy-view';

const HEIGHT = 260;
const MARGIN = { top: 18, right: 12, bottom: 34, left: 44 };
export const CHART_COLOURS = { booked: '#0b2545', full: '#b42318', held: '#1d4e89', heldBack: '#dbe6f3', capacity: '#1b1f24', axis: '#4a5563' } as const;

function Chart({ occupancy, width }: { occupancy: Occupancy; width: number }) {
  const { days, capacity } = occupancy;
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: days.map((d) => d.date), range: [0, innerWidth], padding: 0.2 });
  const top = Math.max(capacity, ...days.map((d) => d.taken), 1);
  const y = scaleLinear<number>({ domain: [0, top * 1.08], range: [innerHeight, 0], nice: true });
  const tickLabel = { fill: CHART_COLOURS.axis, fontSize: 11, fontFamily: 'inherit' } as const;

  return (
    <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby="occupancy-chart-title occupancy-chart-desc" className="occupancy-svg">
      <title id="occupancy-chart-title">Places used per day</title>
      <desc id="occupancy-chart-desc">{occupancySummary(occupancy)}</desc>
      <defs>
        <pattern id="occupancy-held" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill={CHART_COLOURS.heldBack} />
          <line x1="0" y1="0" x2="0" y2="6" stroke={CHART_COLOURS.held} strokeWidth="3" />
        </pattern>
      </defs>
      <Group left={MARGIN.left} top={MARGIN.top}>
        {days.map((d) => {
          const left = x(d.date) ?? 0;
          const barWidth = x.bandwidth();
          const booked = Math.max(0, d.taken - d.held);
          const full = isFullDay(d, capacity);
          return (
            <g key={d.date} className={full ? 'occupancy-bar occupancy-bar-full' : 'occupancy-bar'} data-date={d.date}>
              <title>{`${dayLabel(d.date)}: ${d.taken} used (${d.held} held by open checkouts), ${d.free} free${full ? ', at capacity' : ''}`}</title>
              <Bar x={left} y={y(booked)} width={barWidth} height={innerHeight - y(booked)} fill={full ? CHART_COLOURS.full : CHART_COLOURS.booked} />
              {d.held > 0 && <Bar x={left} y={y(d.taken)} width={barWidth} height={y(booked) - y(d.taken)} fill="url(#occupancy-held)" stroke={CHART_COLOURS.held} strokeWidth={1} />}
            </g>
          );
        })}
        <Line from={{ x: 0, y: y(capacity) }} to={{ x: innerWidth, y: y(capacity) }} stroke={CHART_COLOURS.capacity} strokeWidth={2} strokeDasharray="6 4" className="occupancy-capacity-line" />
        <text x={innerWidth} y={y(capacity) - 6} textAnchor="end" fontSize={12} fontWeight={700} fill={CHART_COLOURS.capacity}>
          {`Capacity ${capacity}`}
        </text>
        <AxisLeft scale={y} tickValues={wholeTicks(y.ticks(5))} tickFormat={(n) => String(n)} stroke={CHART_COLOURS.axis} tickStroke={CHART_COLOURS.axis} tickLabelProps={{ ...tickLabel, textAnchor: 'end', dx: -4, dy: '0.33em' }} />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={tickDates(
            days.map((d) => d.date),
            innerWidth,
          )}
          tickFormat={shortDate}
          stroke={CHART_COLOURS.axis}
          tickStroke={CHART_COLOURS.axis}
          tickLabelProps={{ ...tickLabel, textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  );
}

export default function OccupancyChart({ occupancy }: { occupancy: Occupancy }) {
  const { parentRef, width } = useParentSize({ debounceTime: 50 });
  return (
    <div ref={parentRef} className="occupancy-chart">
      {width > 0 && <Chart occupancy={occupancy} width={width} />}
    </div>
  );
}
