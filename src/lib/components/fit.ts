/**
 * A box of fixed height whose words must read whole (the news line beside Undo): when the
 * text overflows, the box takes a smaller step of type (data-fit="1", then "2"; the styles
 * that use it keep every step at 12 px or more), and at "3" it scrolls within itself, so the
 * box never grows and the pad below never moves under the thumb (docs/features.md, "At
 * the table").
 */
export function fitText(node: HTMLElement) {
	const STEPS = 3;
	function fit() {
		let step = 0;
		node.dataset.fit = '0';
		while (node.scrollHeight > node.clientHeight + 1 && step < STEPS) {
			step++;
			node.dataset.fit = String(step);
		}
	}
	const words = new MutationObserver(fit);
	words.observe(node, { childList: true, subtree: true, characterData: true });
	const size = new ResizeObserver(fit);
	size.observe(node);
	fit();
	return () => {
		words.disconnect();
		size.disconnect();
	};
}
