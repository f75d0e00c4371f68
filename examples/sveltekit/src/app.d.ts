// The elements' tags, attributes and events for svelte-check.
/// <reference types="@paylit/elements/svelte" />
export {};
