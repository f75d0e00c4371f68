// svelte-check reads this folder as a Svelte project of its own (no preprocessing: lang="ts" is Svelte 5's own).
export default {};
