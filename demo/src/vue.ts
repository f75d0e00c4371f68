// The Vue 3 page: the elements are defined first, then Vue renders <paylit-checkout> with
// `onPaylit-*` listeners. Render functions, so the page needs no template compiler and
// runs under the strict CSP; with SFCs, set compilerOptions.isCustomElement for `paylit-`.
import '@paylit/elements';
import { createApp, defineComponent, h, ref } from 'vue';
import { describe, isolationOfPage, orderOfPage, renderPicker } from './shop.js';

const Checkout = defineComponent({
  props: { order: { type: String, required: true } },
  setup(props) {
    const log = ref<{ type: string; text: string }[]>([]);
    const record = (event: Event) => log.value.unshift({ type: event.type, text: describe(event) });
    return () => [
      h(
        'paylit-checkout',
        {
          endpoint: '/paylit',
          order: props.order,
          isolation: isolationOfPage(),
          'onPaylit-paid': record,
          'onPaylit-authorized': record,
          'onPaylit-verified': record,
          'onPaylit-pending': record,
          'onPaylit-redirect': record,
          'onPaylit-declined': record,
          'onPaylit-error': record,
          // The whitespace a template with `whitespace: 'preserve'` keeps: the checkout still draws its own elements.
        },
        ['\n        '],
      ),
      h('h2', 'Events'),
      h(
        'ol',
        { id: 'log', 'aria-live': 'polite' },
        log.value.map((line, i) =>
          h('li', { key: log.value.length - i, 'data-type': line.type }, line.text),
        ),
      ),
    ];
  },
});

renderPicker(document.getElementById('scenarios')!);
createApp(Checkout, { order: orderOfPage() }).mount('#app');
