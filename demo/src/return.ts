// The return page: <paylit-checkout> resumes from the payment in the URL, confirms it with
// the server and dispatches the final event.
import { logOutcomes } from './shop.js';

const page = new URLSearchParams(location.search).get('page');
const back = document.getElementById('back') as HTMLAnchorElement;
if (page === 'react' || page === 'vue' || page === 'plain') back.href = `/${page}.html`;
logOutcomes(document.querySelector('paylit-checkout')!, document.getElementById('log')!);
