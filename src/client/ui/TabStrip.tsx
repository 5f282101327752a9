/**
 * The tab list of a page with many tabs (the dashboard's nine, analytics' six). On a wide screen it
 * is Mantine's tab row; where it does not fit it scrolls sideways as one row, fades out under a
 * chevron at each edge with more tabs beyond it, and keeps the chosen tab in view — after a
 * choice, a reload, or a choice made elsewhere on the page. Keyboard and screen readers meet the
 * same tablist: the chevrons are pointer-only shortcuts, hidden from assistive technology.
 */
import { Tabs } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import classes from './TabStrip.module.css';

/** Scrolls `list`, when its selected tab is not fully in view, to show it and 40 px of its neighbour. */
function revealSelected(list: HTMLElement, behavior: ScrollBehavior) {
  const selected = list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  if (!selected) return;
  const margin = 40;
  const start = selected.offsetLeft - list.offsetLeft;
  const end = start + selected.offsetWidth;
  if (start < list.scrollLeft) list.scrollTo({ left: Math.max(0, start - margin), behavior });
  else if (end > list.scrollLeft + list.clientWidth) list.scrollTo({ left: end + margin - list.clientWidth, behavior });
}

/** Marks the frame's edges that have tabs beyond them (the fades' switch). */
function markEdges(frame: HTMLElement, list: HTMLElement) {
  const more = list.scrollWidth - list.clientWidth;
  frame.toggleAttribute('data-more-start', list.scrollLeft > 1);
  frame.toggleAttribute('data-more-end', more - list.scrollLeft > 1);
}

export function TabStrip({ label, selected, children, ref }: { label: string; selected: string; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  const frame = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  const frameRef = useMergedRef(frame, ref);

  useEffect(() => {
    const strip = list.current;
    const box = frame.current;
    if (!strip || !box) return;
    const update = () => markEdges(box, strip);
    strip.addEventListener('scroll', update, { passive: true });
    // Observing calls it once the strip is laid out (no forced layout while the page mounts); the
    // first call also brings the chosen tab into view. Measured before, in the effect below, it
    // laid out the whole page inside the first commit (about 110 ms at 4× CPU throttling).
    const observer = new ResizeObserver(() => {
      if (first.current) {
        first.current = false;
        revealSelected(strip, 'instant');
      }
      update();
    });
    observer.observe(strip);
    return () => {
      strip.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  // A later choice scrolls to its tab; the first is the observer's (above).
  useEffect(() => {
    if (!list.current || first.current) return;
    revealSelected(list.current, 'smooth');
  }, [selected]);

  const page = (direction: 1 | -1) => list.current?.scrollBy({ left: direction * list.current.clientWidth * 0.75, behavior: 'smooth' });
  return (
    <div ref={frameRef} className={classes.frame}>
      <Tabs.List ref={list} className={classes.list} aria-label={label}>
        {children}
      </Tabs.List>
      <span className={classes.more} data-edge="start" aria-hidden="true" onClick={() => page(-1)}>
        ‹
      </span>
      <span className={classes.more} data-edge="end" aria-hidden="true" onClick={() => page(1)}>
        ›
      </span>
    </div>
  );
}
