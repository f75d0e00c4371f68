/// <reference types="@paylit/elements/vue" />
