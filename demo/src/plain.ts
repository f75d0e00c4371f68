// The plain page's shop chrome. The checkout itself is two tags in plain.html: the
// script-tag file and <paylit-checkout>.
import { keepOrderInAddress, logOutcomes, renderPicker } from './shop.js';

renderPicker(document.getElementById('scenarios')!);
keepOrderInAddress(document.querySelector('paylit-checkout')?.getAttribute('order'));
// ?three-ds=redirect: the bank's 3-D Secure page replaces the shop's, as a merchant may choose.
const threeDs = new URLSearchParams(location.search).get('three-ds');
if (threeDs) document.querySelector('paylit-checkout')?.setAttribute('three-ds', threeDs);
logOutcomes(document.querySelector('paylit-checkout')!, document.getElementById('log')!);
