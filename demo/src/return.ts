// The return page: <paylit-checkout> resumes from the payment in the URL, confirms it with
// the server, dispatches the final event and shows the shopper its outcome; the events'
// log is for developers, under a disclosure.
import { logOutcomes } from './shop.js';

const page = new URLSearchParams(location.search).get('page');
const back = document.getElementById('back') as HTMLAnchorElement;
if (page === 'react' || page === 'vue' || page === 'plain') back.href = `/${page}.html`;
const checkout = document.querySelector('paylit-checkout')!;
logOutcomes(checkout, document.getElementById('log')!);
// The checkout shows the outcome (or the refusal, with its form for another try) once it has
// one: until then it would show a form still loading.
for (const type of [
  'paylit-paid',
  'paylit-authorized',
  'paylit-verified',
  'paylit-pending',
  'paylit-declined',
  'paylit-error',
]) {
  checkout.addEventListener(type, () => {
    document.getElementById('confirming')!.hidden = true;
    (checkout.closest('section') as HTMLElement).hidden = false;
  });
}
