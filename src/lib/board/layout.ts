/**
 * How the board lays out its tables (docs/group.md, "The board"): the grid of columns and rows
 * that gives each card the largest readable box on this screen, so 1, 2, 4, 6 or 9 tables fit a
 * TV without scrolling and a tablet in portrait stacks them. Pure: the count and the space in,
 * the grid out.
 */

export interface Grid {
	readonly columns: number;
	readonly rows: number;
	/** the cards are too many to stay readable on one screen: the page scrolls by rows */
	readonly scrolls: boolean;
}

/** A card reads best a little wider than tall: names on the left, totals on the right. */
const CARD_ASPECT = 1.4;
/** Below this width (CSS pixels) a card's type is too small for three metres: scroll instead. */
const MIN_CARD_WIDTH = 300;
const MIN_CARD_HEIGHT = 200;

/**
 * The grid for `count` cards in a `width` x `height` box: for each number of columns, the
 * largest box of the card's shape that fits a cell; the largest wins, and between equals the
 * one with fewer empty cells.
 */
export function gridFor(count: number, width: number, height: number): Grid {
	const cards = Math.max(1, Math.floor(count));
	let best = { columns: 1, rows: cards, size: -1, empty: 0 };
	for (let columns = 1; columns <= cards; columns++) {
		const rows = Math.ceil(cards / columns);
		const cellWidth = width / columns;
		const cellHeight = height / rows;
		const size = Math.min(cellWidth, cellHeight * CARD_ASPECT);
		const empty = columns * rows - cards;
		if (size > best.size + 0.5 || (Math.abs(size - best.size) <= 0.5 && empty < best.empty)) {
			best = { columns, rows, size, empty };
		}
	}
	const cellWidth = width / best.columns;
	const cellHeight = height / best.rows;
	if (cellWidth >= MIN_CARD_WIDTH && cellHeight >= MIN_CARD_HEIGHT) {
		return { columns: best.columns, rows: best.rows, scrolls: false };
	}
	// too many for one screen: as many columns as stay readable, rows of a readable height
	const columns = Math.max(1, Math.min(cards, Math.floor(width / MIN_CARD_WIDTH)));
	return { columns, rows: Math.ceil(cards / columns), scrolls: true };
}
