// The plain page's shop chrome. The checkout itself is two tags in plain.html: the
// script-tag file and <paylit-checkout>.
import { keepOrderInAddress, logOutcomes, renderPicker } from './shop.js';

renderPicker(document.getElementById('scenarios')!);
keepOrderInAddress(document.querySelector('paylit-checkout')?.getAttribute('order'));
logOutcomes(document.querySelector('paylit-checkout')!, document.getElementById('log')!);
