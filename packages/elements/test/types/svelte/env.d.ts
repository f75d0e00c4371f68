/// <reference types="@paylit/elements/svelte" />
