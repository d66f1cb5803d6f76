/**
 * The car seen from above, front at the top, each panel a labelled button: tap or press Enter/Space to choose it.
 * Panels already marked are shaded, so staff see the record at a glance.
 */
import type { KeyboardEvent } from 'react';
import { PANELS, type Panel } from '@shared/condition';

/** Each panel's place on a 200 x 360 outline: x, y, width, height. */
const SHAPES: Record<Panel, [number, number, number, number]> = {
  'front-bumper': [50, 0, 100, 20],
  bonnet: [50, 22, 100, 58],
  windscreen: [55, 82, 90, 22],
  roof: [55, 106, 90, 120],
  'rear-window': [55, 228, 90, 20],
  boot: [50, 250, 100, 50],
  'rear-bumper': [50, 302, 100, 20],
  'left-front-guard': [28, 22, 20, 60],
  'left-front-door': [28, 106, 20, 60],
  'left-rear-door': [28, 168, 20, 60],
  'left-rear-quarter': [28, 230, 20, 70],
  'right-front-guard': [152, 22, 20, 60],
  'right-front-door': [152, 106, 20, 60],
  'right-rear-door': [152, 168, 20, 60],
  'right-rear-quarter': [152, 230, 20, 70],
  'left-mirror': [4, 90, 22, 14],
  'right-mirror': [174, 90, 22, 14],
  'left-windows': [48, 106, 6, 122],
  'right-windows': [146, 106, 6, 122],
  'left-front-wheel': [4, 40, 22, 40],
  'right-front-wheel': [174, 40, 22, 40],
  'left-rear-wheel': [4, 240, 22, 40],
  'right-rear-wheel': [174, 240, 22, 40],
};

export function CarOutline({ selected, marked, onSelect }: { selected: Panel | null; marked: ReadonlySet<Panel>; onSelect(p: Panel): void }) {
  const keyDown = (p: Panel) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(p);
    }
  };
  return (
    <svg className="car-outline" viewBox="0 0 200 330" role="group" aria-label="Car outline: choose a panel to mark">
      {(Object.keys(SHAPES) as Panel[]).map((p) => {
        const [x, y, w, h] = SHAPES[p];
        return (
          <rect
            key={p}
            x={x}
            y={y}
            width={w}
            height={h}
            rx={3}
            role="button"
            tabIndex={0}
            aria-label={PANELS[p]}
            aria-pressed={selected === p}
            className={`car-panel${selected === p ? ' is-selected' : ''}${marked.has(p) ? ' is-marked' : ''}`}
            onClick={() => onSelect(p)}
            onKeyDown={keyDown(p)}
          >
            <title>{PANELS[p]}</title>
          </rect>
        );
      })}
    </svg>
  );
}
