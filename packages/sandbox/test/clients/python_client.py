#!/usr/bin/env python3
"""An independent client of the Payments API v2.1, in Python's standard library only.

Written from what the public record says of the API (the sandbox's README, "The wire
dialect"), not from paylit's code: it signs, sends and reads as the public clients do.

    PAYMENTS_API_URL=http://127.0.0.1:4010 PAYMENTS_X_LOGIN=... PAYMENTS_X_TRANS_KEY=... \
    PAYMENTS_SECRET_KEY=... python3 python_client.py

Each call prints one JSON line {"call", "ok", "status", "body"} (the secret key and card data
never); the exit status is 0 when every call got the answer the record shows, 1 otherwise.
"""

import datetime
import hashlib
import hmac
import json
import os
import sys
import time
import urllib.error
import urllib.request
import uuid

BASE_URL = os.environ["PAYMENTS_API_URL"].rstrip("/")
LOGIN = os.environ["PAYMENTS_X_LOGIN"]
TRANS_KEY = os.environ["PAYMENTS_X_TRANS_KEY"]
SECRET_KEY = os.environ["PAYMENTS_SECRET_KEY"]

# A call without a body is signed by one connector over the empty body serialized as a JSON
# string: the four characters quote, brace, brace, quote.
BODYLESS_SIGNED = json.dumps("{}")
assert BODYLESS_SIGNED == '"{}"' and len(BODYLESS_SIGNED) == 4


def x_date(micro=False):
    """ISO 8601 UTC ending in Z, with milliseconds as clients send it (or microseconds)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    text = now.strftime("%Y-%m-%dT%H:%M:%S.%f")
    return (text if micro else text[:-3]) + "Z"


def signature(secret, login, date, signed_body):
    message = (login + date + signed_body).encode("utf-8")
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def call(method, path, body=None, sign_bodyless_over=None, secret=None, micro=False):
    """Sends one request; answers (status, parsed JSON or text, Content-Type)."""
    text = "" if body is None else (body if isinstance(body, str) else json.dumps(body))
    date = x_date(micro)
    signed = text if text != "" else (sign_bodyless_over or "")
    headers = {
        "X-Date": date,
        "X-Login": LOGIN,
        "X-Trans-Key": TRANS_KEY,
        "X-Version": "2.1",
        "User-Agent": "stdlib-python-client/1.0 (Python %d.%d)" % sys.version_info[:2],
        "Authorization": "V2-HMAC-SHA256, Signature: "
        + signature(secret or SECRET_KEY, LOGIN, date, signed),
    }
    if text != "":
        headers["Content-Type"] = "application/json"
    if method == "POST":
        headers["X-Idempotency-Key"] = str(uuid.uuid4())
    request = urllib.request.Request(
        BASE_URL + path,
        data=text.encode("utf-8") if text != "" else None,
        headers=headers,
        method=method,
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw, ctype = response.status, response.read(), response.headers.get("Content-Type")
    except urllib.error.HTTPError as error:
        status, raw, ctype = error.code, error.read(), error.headers.get("Content-Type")
    decoded = raw.decode("utf-8")
    try:
        parsed = json.loads(decoded)
    except ValueError:
        parsed = decoded
    return status, parsed, ctype or ""


results = []


def check(name, status, body, expectation):
    ok = bool(expectation)
    shown = body
    if isinstance(body, dict):
        # Only what the check is about: never card data.
        shown = {k: body[k] for k in ("id", "status", "status_code", "code", "message", "param", "order_id") if k in body}
    results.append(ok)
    print(json.dumps({"call": name, "ok": ok, "status": status, "body": shown}), flush=True)
    return body


def is_json(ctype):
    return ctype.replace(" ", "").lower().startswith("application/json")


run = "%d-%s" % (int(time.time() * 1000), uuid.uuid4().hex[:6])
card = {
    "holder_name": "Thiago Gabriel",
    "number": "4111111111111111",
    "cvv": "123",
    "expiration_month": 10,
    "expiration_year": 2040,
}
payer = {"name": "Thiago Gabriel", "email": "thiago@example.com", "document": "53033315550"}

# 1. A payment with numbers as strings and strings as numbers, and nulls for what it lacks.
order_number = int(time.time() * 1000) % 10**12
status, body, _ = call(
    "POST",
    "/secure_payments",
    {
        "amount": "25.00",
        "currency": "BRL",
        "country": "BR",
        "payment_method_id": "CARD",
        "payment_method_flow": "DIRECT",
        "order_id": order_number,
        "payer": dict(payer, phone=None, address={"street": "Av Paulista", "number": 2, "city": "Sao Paulo"}),
        "card": dict(card, expiration_month="10", expiration_year="2040", capture="false"),
        "additional_risk_data": None,
        "description": None,
    },
)
authorized = check(
    "a payment with numbers as strings, order_id and address.number as numbers, nulls",
    status,
    body,
    status == 200
    and body.get("status") == "AUTHORIZED"
    and body.get("status_code") == "600"
    and body.get("order_id") == str(order_number)
    and body.get("amount") == 25,
)

# 1b. A typed client's numbers where the reference documents strings: a user id, a phone, the
# document, the card's number and security code, a description, all JSON numbers.
status, body, _ = call(
    "POST",
    "/secure_payments",
    {
        "amount": 30,
        "currency": "BRL",
        "country": "BR",
        "payment_method_id": "CARD",
        "payment_method_flow": "DIRECT",
        "order_id": "TYPED-" + run,
        "description": 2026,
        "payer": {
            "name": "Thiago Gabriel",
            "email": "thiago@example.com",
            "document": 53033315550,
            "phone": 5511987654321,
            "user_reference": 12345,
        },
        "card": dict(card, number=4111111111111111, cvv=123, capture=True),
    },
)
check(
    "a payment with user_reference, phone, document, card.number, card.cvv and description as numbers",
    status,
    body,
    status == 200 and body.get("status") == "PAID" and body.get("card", {}).get("last4") == "1111",
)

# 1c. The plans for a BIN sent as a JSON number (a typed client's integer BIN).
status, body, _ = call(
    "POST",
    "/installments-plans/",
    {"bin": 411111, "country": "MX", "amount": "3000.00", "currency": "MXN"},
)
check(
    "the plans for a BIN sent as a JSON number",
    status,
    body,
    status == 200 and body.get("bin") == "411111" and len(body.get("installments", [])) > 1,
)

# 1d. Scalars the other way: numbers and booleans of the risk data as strings, as a client that
# writes every value as text sends them ("total_order_count": "5", "is_retry": "false").
status, body, _ = call(
    "POST",
    "/secure_payments",
    {
        "amount": 40,
        "currency": "BRL",
        "country": "BR",
        "payment_method_id": "CARD",
        "payment_method_flow": "DIRECT",
        "order_id": "TEXT-" + run,
        "payer": payer,
        "card": dict(card, capture="true"),
        "additional_risk_data": {
            "payer": {"total_order_count": "12", "reputation": "4", "is_positive": "true"},
            "submerchant": {"name": "Loja do Bairro", "total_order_count": "5", "total_order_amount": "1500.50", "kyc_review": "false"},
            "basket": [{"product_name": "Camiseta", "unit_price": "39.90", "quantity": "2", "rating": "5"}],
            "purchase": {"is_retry": "false", "time_in_session": "180"},
        },
    },
)
check(
    "a payment whose risk data's numbers and booleans are strings",
    status,
    body,
    status == 200 and body.get("status") == "PAID",
)

# 2. Panama, as a connector's live tests pay there: no payer name or email, an empty holder name.
status, body, _ = call(
    "POST",
    "/secure_payments",
    {
        "amount": 10,
        "currency": "USD",
        "country": "PA",
        "payment_method_id": "CARD",
        "payment_method_flow": "DIRECT",
        "order_id": "PA-" + run,
        "payer": {"name": None, "email": None, "document": "12345678"},
        "card": dict(card, holder_name="", capture=False),
    },
)
check(
    "Panama: payer.name and payer.email null, card.holder_name empty",
    status,
    body,
    status == 200 and body.get("status") == "AUTHORIZED",
)

# 3. A status lookup without a body, signed over the four characters "{}"; and over nothing.
auth_id = authorized.get("id", "missing") if isinstance(authorized, dict) else "missing"
status, body, _ = call("GET", "/payments/%s/status" % auth_id, sign_bodyless_over=BODYLESS_SIGNED)
check(
    'a status lookup signed over login + X-Date + "{}"',
    status,
    body,
    status == 200 and body.get("status") == "AUTHORIZED" and body.get("id") == auth_id,
)
status, body, _ = call("GET", "/payments/%s/status/" % auth_id, micro=True)
check(
    "a status lookup signed over login + X-Date, X-Date with microseconds, a trailing slash",
    status,
    body,
    status == 200 and body.get("status") == "AUTHORIZED",
)

# 4. A cancel without a body, signed over "{}".
status, body, _ = call("POST", "/payments/%s/cancel" % auth_id, sign_bodyless_over=BODYLESS_SIGNED)
check("a cancel signed over \"{}\"", status, body, status == 200 and body.get("status") == "CANCELLED")

# 5. A paid payment, a refund of part of it without notification_url, its lookup; then too much.
status, paid, _ = call(
    "POST",
    "/secure_payments/",
    {
        "amount": 40,
        "currency": "BRL",
        "country": "BR",
        "payment_method_id": "CARD",
        "payment_method_flow": "DIRECT",
        "order_id": "PAID-" + run,
        "payer": payer,
        "card": dict(card, capture="true"),
    },
)
check("a card payment, captured at once", status, paid, status == 200 and paid.get("status") == "PAID")
paid_id = paid.get("id", "missing") if isinstance(paid, dict) else "missing"
status, refund, _ = call("POST", "/refunds/", {"payment_id": paid_id, "amount": "15.00", "currency": "BRL"})
check(
    "a refund of part, its amount as a string",
    status,
    refund,
    status == 200 and refund.get("status") == "SUCCESS" and refund.get("status_code") == 200,
)
refund_id = refund.get("id", "missing") if isinstance(refund, dict) else "missing"
status, body, _ = call("GET", "/refunds/%s" % refund_id, sign_bodyless_over=BODYLESS_SIGNED)
check(
    'a refund lookup signed over "{}"',
    status,
    body,
    status == 200 and body.get("id") == refund_id and body.get("status") == "SUCCESS",
)
status, body, _ = call("POST", "/refunds", {"payment_id": paid_id, "amount": 100, "currency": "BRL"})
check(
    "a refund of more than remains: 400 / 5007, no param",
    status,
    body,
    status == 400 and body == {"code": 5007, "message": "Amount exceeded"},
)

# 6. Not found: an unknown id, and an empty one, both JSON.
status, body, ctype = call("GET", "/payments/D-1-00000000-0000-4000-8000-000000000000/status")
check(
    "an unknown payment's status: 404 / 4000, no param",
    status,
    body,
    status == 404 and is_json(ctype) and body == {"code": 4000, "message": "Payment not found"},
)
status, body, ctype = call("POST", "/payments//cancel")
check(
    "the empty-id cancel POST /payments//cancel: JSON 404 / 4000",
    status,
    body,
    status == 404 and is_json(ctype) and body == {"code": 4000, "message": "Payment not found"},
)

# 7. A POST signed with a wrong key.
status, body, _ = call(
    "POST",
    "/secure_payments",
    {
        "amount": 10,
        "currency": "BRL",
        "country": "BR",
        "payment_method_id": "CARD",
        "payment_method_flow": "DIRECT",
        "order_id": "FORGED-" + run,
        "payer": payer,
        "card": card,
    },
    secret="not-the-secret-key",
)
check(
    "a POST with a wrong signature: 400 / 5000 Signature not match",
    status,
    body,
    status == 400 and body == {"code": 5000, "message": "Signature not match"},
)

sys.exit(0 if all(results) else 1)
