// Drawing the grid: one element a cell in a CSS grid (rows for ARIA), box (or region) borders
// as classes, candidates in a W×H sub-grid laid out like the box, a variant's constraints in
// an SVG under the digits (draw.js), chains in an SVG over the cells. `render`
// takes a plain view of what to show and touches only the cells whose drawing changed.

const SVG = 'http://www.w3.org/2000/svg';

export class Board {
  /** `handlers.press(i, {add, toggle, digit})` on a press, `handlers.drag(i)` while the
   *  pointer moves over cells with a button down, `handlers.release()` when a press on a cell
   *  ends, `handlers.double(i)` on a double click. */
  constructor(el, handlers) {
    this.el = el;
    this.handlers = handlers;
    this.size = 0;
    this.cells = [];
    this.cache = [];
    this.dragging = false;
    el.addEventListener('pointerdown', (e) => this.pointerDown(e));
    el.addEventListener('pointermove', (e) => this.pointerMove(e));
    el.addEventListener('dblclick', (e) => {
      const i = this.cellAt(e.target);
      if (i >= 0) handlers.double(i);
    });
    window.addEventListener('pointerup', () => {
      if (this.dragging) handlers.release?.();
      this.dragging = false;
    });
    window.addEventListener('pointercancel', () => { this.dragging = false; });
  }

  cellAt(target) {
    const cell = target?.closest?.('.cell');
    return cell && this.el.contains(cell) ? Number(cell.dataset.i) : -1;
  }

  pointerDown(e) {
    const i = this.cellAt(e.target);
    if (i < 0) return;
    e.preventDefault();
    this.el.focus({ preventScroll: true });
    const mark = e.target.closest('.m');
    this.dragging = true;
    // Touch pointers are captured by their target: release so that moves reach other cells.
    if (e.target.hasPointerCapture?.(e.pointerId)) e.target.releasePointerCapture(e.pointerId);
    this.handlers.press(i, {
      add: e.shiftKey,
      toggle: e.ctrlKey || e.metaKey,
      digit: mark ? Number(mark.dataset.d) : 0,
    });
  }

  pointerMove(e) {
    if (!this.dragging) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const i = this.cellAt(under);
    if (i >= 0) this.handlers.drag(i);
  }

  /** Builds the cells of an N×N grid with W×H boxes, or with the borders of `regions` (one
   *  number a cell, row-major) when given. */
  build(size, box, regions = null) {
    const [w, h] = box;
    this.size = size;
    this.box = box;
    this.el.replaceChildren();
    this.el.style.setProperty('--n', size);
    this.el.style.setProperty('--bw', w);
    this.el.style.setProperty('--bh', h);
    this.el.style.setProperty('--mk', Math.max(w, h));
    this.el.dataset.size = size;
    this.el.dataset.box = `${w}x${h}`;
    this.el.setAttribute('aria-label', `Sudoku grid, ${size} by ${size}, ${regions ? 'irregular regions' : `boxes ${w} wide and ${h} tall`}`);
    this.el.setAttribute('aria-rowcount', size);
    this.el.setAttribute('aria-colcount', size);
    this.cells = [];
    this.cache = [];
    for (let r = 0; r < size; r++) {
      const row = document.createElement('div');
      row.className = 'row';
      row.setAttribute('role', 'row');
      for (let c = 0; c < size; c++) {
        const cell = document.createElement('div');
        const i = r * size + c;
        cell.id = `cell-${r + 1}-${c + 1}`;
        cell.dataset.i = i;
        cell.dataset.row = r + 1;
        cell.dataset.col = c + 1;
        cell.setAttribute('role', 'gridcell');
        const edges = [];
        const right = regions ? regions[i] !== regions[i + 1] : (c + 1) % w === 0;
        const below = regions ? regions[i] !== regions[i + size] : (r + 1) % h === 0;
        if (right && c < size - 1) edges.push('br');
        if (below && r < size - 1) edges.push('bb');
        cell.dataset.edges = edges.join(' ');
        row.append(cell);
        this.cells.push(cell);
        this.cache.push({ cls: null, html: null, label: null });
      }
      this.el.append(row);
    }
    // A variant puzzle's constraints (draw.js), under the digits.
    this.variant = document.createElementNS(SVG, 'svg');
    this.variant.setAttribute('class', 'variant');
    this.variant.setAttribute('viewBox', `0 0 ${size} ${size}`);
    this.variant.setAttribute('aria-hidden', 'true');
    this.el.append(this.variant);
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'chains');
    this.svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
    this.svg.setAttribute('preserveAspectRatio', 'none');
    this.svg.setAttribute('aria-hidden', 'true');
    this.el.append(this.svg);
  }

  /** The centre of candidate `d` of cell `i`, in cell units. */
  point(i, d) {
    const [w, h] = this.box;
    const r = Math.floor(i / this.size), c = i % this.size;
    return [c + (((d - 1) % w) + 0.5) / w, r + (Math.floor((d - 1) / w) + 0.5) / h];
  }

  render(view) {
    const n = this.size;
    const sym = view.symbol;
    const hint = view.hint;
    for (let i = 0; i < n * n; i++) {
      const cls = ['cell'];
      const edges = this.cells[i].dataset.edges;
      if (edges) cls.push(edges);
      const value = view.values[i];
      const given = view.givens[i] !== 0;
      const r = Math.floor(i / n) + 1, c = (i % n) + 1;
      let label = `row ${r} column ${c}: `;
      let html;
      if (value) {
        cls.push(given ? 'given' : 'entry');
        html = `<span class="v">${sym(value)}</span>`;
        label += `${sym(value)}${given ? ', given' : ''}`;
      } else {
        const marks = hint?.marks?.get(i) ?? view.corner[i];
        const centre = hint?.marks?.has(i) ? [] : view.centre[i];
        html = '';
        if (marks.length || hint?.place?.has(i)) {
          const spans = [];
          const cc = view.candColour[i] || {};
          const shown = new Set(marks);
          for (const d of hint?.place?.get(i) || []) shown.add(d);
          for (let d = 1; d <= n; d++) {
            if (!shown.has(d)) { spans.push('<span></span>'); continue; }
            const mc = ['m'];
            if (cc[d]) mc.push(`cc${cc[d]}`);
            if (hint?.place?.get(i)?.has(d)) mc.push('place');
            else if (hint?.elim?.get(i)?.has(d)) mc.push('elim');
            else if (hint?.cells?.has(i) && hint?.digits?.has(d)) mc.push('key');
            if (d === view.digit) mc.push('hl');
            spans.push(`<span class="${mc.join(' ')}" data-d="${d}">${sym(d)}</span>`);
          }
          html += `<div class="marks">${spans.join('')}</div>`;
        }
        if (centre.length) html += `<span class="centre">${centre.map(sym).join('')}</span>`;
        // Two solutions of a setter's puzzle disagree here: their digits.
        const alt = view.differ?.get(i);
        if (alt) html += `<span class="alt">${sym(alt[0])} | ${sym(alt[1])}</span>`;
        label += 'empty';
        if (alt) label += `, ${sym(alt[0])} in one solution and ${sym(alt[1])} in another`;
        if (marks.length) label += `, candidates ${marks.map(sym).join(' ')}`;
        if (centre.length) label += `, centre marks ${centre.map(sym).join(' ')}`;
      }
      if (view.colour[i]) { cls.push(`col${view.colour[i]}`); label += `, colour ${view.colour[i]}`; }
      if (view.selected.has(i)) cls.push('sel');
      if (i === view.cursor) cls.push('cursor');
      if (view.peers.has(i)) cls.push('peer');
      if (view.digit && value === view.digit) cls.push('same');
      if (view.canGo.has(i)) cls.push('cango');
      if (view.conflicts.has(i)) { cls.push('conflict'); label += ', conflict'; }
      if (view.mistakes.has(i)) { cls.push('mistake'); label += ', wrong'; }
      if (hint?.cells?.has(i)) cls.push('hint-cell');
      if (hint?.houseCells?.has(i)) cls.push('hint-house');
      if (hint?.targets?.has(i)) { cls.push('hint-target'); label += ', hint'; }
      if (view.redundant?.has(i)) { cls.push('redundant'); label += ', can go'; }
      if (view.differ?.has(i)) cls.push('differ');
      const cache = this.cache[i];
      const clsText = cls.join(' ');
      const cell = this.cells[i];
      if (cache.cls !== clsText) { cell.className = clsText; cache.cls = clsText; }
      if (cache.html !== html) { cell.innerHTML = html; cache.html = html; }
      if (cache.label !== label) { cell.setAttribute('aria-label', label); cache.label = label; }
      const selected = view.selected.has(i) ? 'true' : 'false';
      if (cell.getAttribute('aria-selected') !== selected) cell.setAttribute('aria-selected', selected);
    }
    if (this.cells[view.cursor]) this.el.setAttribute('aria-activedescendant', this.cells[view.cursor].id);
    else this.el.removeAttribute('aria-activedescendant');
    this.el.classList.toggle('solved', !!view.solved);
    this.el.classList.toggle('explaining', !!view.explaining);
    this.drawChains(hint?.chains || []);
  }

  drawChains(chains) {
    const key = JSON.stringify(chains);
    if (this.chainKey === key) return;
    this.chainKey = key;
    this.svg.replaceChildren();
    if (!chains.length) return;
    const defs = document.createElementNS(SVG, 'defs');
    defs.innerHTML = '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker>';
    this.svg.append(defs);
    const r = 0.5 / Math.max(...this.box);
    for (const chain of chains) {
      for (let k = 1; k < chain.length; k++) {
        const [x1, y1] = this.point(chain[k - 1].i, chain[k - 1].d);
        const [x2, y2] = this.point(chain[k].i, chain[k].d);
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
        const line = document.createElementNS(SVG, 'line');
        line.setAttribute('x1', x1 + ux * r);
        line.setAttribute('y1', y1 + uy * r);
        line.setAttribute('x2', x2 - ux * r);
        line.setAttribute('y2', y2 - uy * r);
        line.setAttribute('class', chain[k].on ? 'link strong' : 'link weak');
        line.setAttribute('marker-end', 'url(#arrow)');
        line.setAttribute('vector-effect', 'non-scaling-stroke');
        this.svg.append(line);
      }
      for (const node of chain) {
        const [x, y] = this.point(node.i, node.d);
        const circle = document.createElementNS(SVG, 'circle');
        circle.setAttribute('cx', x);
        circle.setAttribute('cy', y);
        circle.setAttribute('r', r);
        circle.setAttribute('class', node.on ? 'node on' : 'node off');
        circle.setAttribute('vector-effect', 'non-scaling-stroke');
        this.svg.append(circle);
      }
    }
  }
}
