// The React 19 page: the elements are defined first (an ES module import), then React
// renders <paylit-checkout> and listens with `onpaylit-*` props, typed by
// @paylit/elements/react.
/// <reference types="@paylit/elements/react" />
import '@paylit/elements';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, isolationOfPage, orderOfPage, renderPicker } from './shop.js';

function Checkout({ order }: { order: string }) {
  const [log, setLog] = useState<{ type: string; text: string }[]>([]);
  const record = (event: Event) =>
    setLog((lines) => [{ type: event.type, text: describe(event) }, ...lines]);
  return (
    <>
      <paylit-checkout
        endpoint="/paylit"
        order={order}
        isolation={isolationOfPage()}
        onpaylit-paid={record}
        onpaylit-authorized={record}
        onpaylit-verified={record}
        onpaylit-pending={record}
        onpaylit-redirect={record}
        onpaylit-declined={record}
        onpaylit-error={record}
        onpaylit-subscribed={record}
      >
        {/* Empty: the checkout draws the wallets, the card fields and the installments. StrictMode mounts it twice; it loads the order once. */}{' '}
      </paylit-checkout>
      <h2>Events</h2>
      <ol id="log" aria-live="polite">
        {log.map((line, i) => (
          <li key={log.length - i} data-type={line.type}>
            {line.text}
          </li>
        ))}
      </ol>
    </>
  );
}

renderPicker(document.getElementById('scenarios')!);
createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Checkout order={orderOfPage()} />
  </StrictMode>,
);
