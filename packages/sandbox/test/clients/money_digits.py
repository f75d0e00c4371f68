#!/usr/bin/env python3
"""Money on the wire, to the byte, read by Python's standard library only.

The recorded exchanges show records answering amounts with their two decimals
(`"amount":1.00`, "Length 10,2"): Python's json reads `1.00` as a float and `1` as an int,
so a client written against the API breaks when the sandbox writes `1`. Each check reads the
raw bytes: a regex for the literal text, and json.loads with parse_int recording every
integer, so that no money field may come back as an int.

Each check prints one JSON line {"call", "ok", "detail"}; exit status 0 when all hold.
"""

import datetime
import hashlib
import hmac
import json
import os
import re
import sys
import urllib.error
import urllib.request
import uuid
from decimal import Decimal

BASE_URL = os.environ["PAYMENTS_API_URL"].rstrip("/")
LOGIN = os.environ["PAYMENTS_X_LOGIN"]
TRANS_KEY = os.environ["PAYMENTS_X_TRANS_KEY"]
SECRET_KEY = os.environ["PAYMENTS_SECRET_KEY"]

MONEY = {"amount", "amount_refunded", "installment_amount", "total_amount", "user_payment_amount"}


def call(method, path, body=None):
    text = "" if body is None else json.dumps(body)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
    sig = hmac.new(SECRET_KEY.encode(), (LOGIN + date + text).encode(), hashlib.sha256).hexdigest()
    headers = {
        "X-Date": date,
        "X-Login": LOGIN,
        "X-Trans-Key": TRANS_KEY,
        "X-Version": "2.1",
        "User-Agent": "stdlib-money-digits/1.0",
        "Authorization": "V2-HMAC-SHA256, Signature: " + sig,
    }
    if text:
        headers["Content-Type"] = "application/json"
        headers["X-Idempotency-Key"] = str(uuid.uuid4())
    request = urllib.request.Request(
        BASE_URL + path, data=text.encode() if text else None, headers=headers, method=method
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def money_ints(raw):
    """The money fields whose value Python's json reads as an int (the paths)."""
    found = []

    def walk(value, path):
        if isinstance(value, dict):
            for key, item in value.items():
                if key in MONEY and isinstance(item, int) and not isinstance(item, bool):
                    found.append(path + key)
                walk(item, path + key + ".")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, "%s%d." % (path, index))

    walk(json.loads(raw, parse_float=Decimal), "")
    return found


failures = 0


def check(name, ok, detail):
    global failures
    failures += 0 if ok else 1
    print(json.dumps({"call": name, "ok": bool(ok), "detail": detail}))


payer = {"name": "Ana Souza", "email": "ana@example.com", "document": "52998224725"}
card = {
    "holder_name": "Ana Souza",
    "number": "4111111111111111",
    "cvv": "123",
    "expiration_month": 10,
    "expiration_year": 2030,
}
order_id = "money-digits-" + uuid.uuid4().hex[:12]
status, raw = call(
    "POST",
    "/secure_payments",
    {
        "amount": 1,
        "currency": "BRL",
        "country": "BR",
        "payment_method_id": "CARD",
        "payment_method_flow": "DIRECT",
        "payer": payer,
        "card": card,
        "order_id": order_id,
        "notification_url": BASE_URL + "/nowhere",
    },
)
text = raw.decode()
payment_id = json.loads(text)["id"]
check("a payment of 1 BRL answers \"amount\":1.00", status == 200 and '"amount":1.00,' in text, text[:120])
check("the payment's money fields are not ints", money_ints(raw) == [], money_ints(raw))

for path in ("/payments/" + payment_id, "/orders/" + order_id):
    status, raw = call("GET", path)
    check(path.split("/")[1] + " lookup answers \"amount\":1.00", '"amount":1.00,' in raw.decode(), raw.decode()[:120])

status, raw = call("POST", "/refunds", {"payment_id": payment_id, "amount": "0.5", "currency": "BRL"})
text = raw.decode()
check(
    "a refund of 0.5 answers \"amount\":0.50 and \"amount_refunded\":0.50",
    re.search(r'"amount":0\.50,', text) is not None and re.search(r'"amount_refunded":0\.50,', text) is not None,
    text[:200],
)
refund_id = json.loads(text)["id"]
status, raw = call("GET", "/refunds/" + refund_id)
check("the refund lookup's money fields are not ints", money_ints(raw) == [], money_ints(raw))

status, raw = call("POST", "/installments-plans", {"bin": "411111", "country": "BR", "amount": 100, "currency": "BRL"})
text = raw.decode()
check(
    "a plan of 100 BRL: \"amount\":100.00, 2 x 50.00 = 100.00, 5 x 21.52 = 107.60",
    '"amount":100.00,' in text
    and '"installments":2,"installment_amount":50.00,"total_amount":100.00}' in text
    and '"installment_amount":21.52,"total_amount":107.60}' in text,
    text[:200],
)
check("the plan's money fields are not ints", money_ints(raw) == [], money_ints(raw))

# An enrollment's subscription bounds are money too ("Local currency", a number; records answer
# money with its two decimals): 10 is "value":10.00, "1" and "20.5" are 1.00 and 20.50.
for bound, expected in (
    ({"type": "FIXED", "value": 10}, '"amount":{"type":"FIXED","value":10.00}'),
    (
        {"type": "VARIABLE", "min_value": "1", "max_value": "20.5"},
        '"amount":{"type":"VARIABLE","min_value":1.00,"max_value":20.50}',
    ),
):
    status, raw = call(
        "POST",
        "/enrollments",
        {
            "country": "BR",
            "payer": payer,
            "external_id": "money-digits-" + uuid.uuid4().hex[:12],
            "type": "MERCHANT_SUBSCRIPTION",
            "subscription": {"frequency": "MONTHLY", "start_date": "2030-01-01", "amount": bound},
        },
    )
    text = raw.decode()
    check("an enrollment answers " + expected, status == 200 and expected in text, text[:300])

# The notification POSTed to the merchant is the record: the same bytes.
status, raw = call("GET", "/sandbox-tools/notifications?record_id=" + payment_id)
bodies = [d["body"] for d in json.loads(raw)]
check(
    "the notification's body answers \"amount\":1.00",
    len(bodies) > 0 and all('"amount":1.00,' in body for body in bodies),
    [body[:80] for body in bodies],
)

sys.exit(1 if failures else 0)
