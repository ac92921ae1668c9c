//! Request bodies: each is a `#[derive(Serialize)]` struct beside its feature's calls, sent
//! through `json::body`; these pin the JSON each one puts on the wire (SPEC §7), names, `null`s
//! and left-out fields included. The flows that send them are in the feature suites.

use std::collections::BTreeMap;

use croupier_core::app::features::{
    bonuses, documents, games, limits, miniapp, notifications, payments, phone, profile, referral,
    session, social, sport, third_party, verify, wallet,
};
use croupier_core::app::registration::SignUpCommon;
use croupier_core::domain::sport::{Platform, StartGameParams};
use croupier_core::json::body;
use serde_json::json;

fn common(offered: &[(&str, &str)]) -> SignUpCommon<'static> {
    SignUpCommon {
        currency: "EUR".into(),
        agreements: true,
        locale: "en",
        source: "https://casino.test",
        platform: "web",
        affiliate_tag: None,
        offered: offered
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

#[test]
fn sign_up_and_sign_in_bodies() {
    let b = session::RegisterBody {
        email: "a@b.c".into(),
        password: " pw ".into(),
        ref_id: Some("R1"),
        bot_url: None,
        common: common(&[("birthdate", "1990-12-31")]),
    };
    assert_eq!(
        body(&b),
        json!({"email": "a@b.c", "password": " pw ", "refId": "R1", "botUrl": null,
            "currency": "EUR", "agreements": true, "locale": "en",
            "source": "https://casino.test", "platform": "web", "affiliateTag": null,
            "birthdate": "1990-12-31"})
    );
    let b = session::LoginBody {
        email: "a@b.c".into(),
        password: "pw".into(),
        source: "s",
        platform: "web",
        affiliate_tag: Some("T"),
    };
    assert_eq!(
        body(&b),
        json!({"email": "a@b.c", "password": "pw", "source": "s", "platform": "web",
            "affiliateTag": "T"})
    );
    assert_eq!(
        body(&session::ResetBody {
            email: "a@b.c".into()
        }),
        json!({"email": "a@b.c"})
    );
    let b = session::NewPasswordBody {
        code: "123456".into(),
        password: "p".into(),
        password_confirmation: "p".into(),
    };
    assert_eq!(
        body(&b),
        json!({"code": "123456", "password": "p", "password_confirmation": "p"})
    );
    let b = phone::RegisterBody {
        phone: None,
        code: "111111".into(),
        common: common(&[]),
    };
    assert_eq!(
        body(&b),
        json!({"phone": null, "code": "111111", "currency": "EUR", "agreements": true,
            "locale": "en", "source": "https://casino.test", "platform": "web",
            "affiliateTag": null})
    );
}

#[test]
fn phone_and_verify_bodies_leave_out_a_proof_not_asked_for() {
    assert_eq!(
        body(&phone::NumberBody { phone: "+351911" }),
        json!({"phone": "+351911"})
    );
    let verify = |current_password: Option<&str>, owner_code: Option<&str>| phone::VerifyBody {
        phone: "+351911",
        code: "123456".into(),
        source: "s",
        platform: "web",
        affiliate_tag: None,
        current_password: current_password.map(String::from),
        owner_code: owner_code.map(String::from),
    };
    let base = json!({"phone": "+351911", "code": "123456", "source": "s", "platform": "web",
        "affiliateTag": null});
    assert_eq!(body(&verify(None, None)), base);
    let mut with = base.clone();
    with["ownerCode"] = json!("654321");
    assert_eq!(body(&verify(None, Some("654321"))), with);
    let send = |current_password: Option<&str>, code: Option<&str>| verify::SendBody {
        email: "a@b.c".into(),
        current_password: current_password.map(String::from),
        code: code.map(String::from),
    };
    assert_eq!(body(&send(None, None)), json!({"email": "a@b.c"}));
    assert_eq!(
        body(&send(Some(" pw"), None)),
        json!({"email": "a@b.c", "currentPassword": " pw"})
    );
    assert_eq!(
        body(&send(None, Some("123456"))),
        json!({"email": "a@b.c", "code": "123456"})
    );
    assert_eq!(body(&verify::CodeBody { code: "1" }), json!({"code": "1"}));
    assert_eq!(
        body(&verify::AvatarBody { avatar_id: "a3" }),
        json!({"avatarId": "a3"})
    );
}

#[test]
fn profile_bodies() {
    let b = profile::PasswordBody {
        current_password: "a".into(),
        new_password: "b".into(),
        repeat_new_password: "b".into(),
    };
    assert_eq!(
        body(&b),
        json!({"currentPassword": "a", "newPassword": "b", "repeatNewPassword": "b"})
    );
    let b = profile::PersonalBody {
        first_name: "Ana".into(),
        last_name: "Lima".into(),
        birthdate: "1990-12-31".into(),
        country: "BR".into(),
        city: "".into(),
        address: "".into(),
        postal_code: "".into(),
        cpf_number: "123.456.789-09".into(),
    };
    assert_eq!(
        body(&b),
        json!({"firstName": "Ana", "lastName": "Lima", "birthdate": "1990-12-31",
            "country": "BR", "city": "", "address": "", "postalCode": "",
            "cpf_number": "123.456.789-09"})
    );
    let b = profile::SettingsBody {
        receive_email_promo: true,
        receive_sms_promo: false,
        receive_bonus: true,
    };
    assert_eq!(
        body(&b),
        json!({"receiveEmailPromo": true, "receiveSmsPromo": false, "receiveBonus": true})
    );
    assert_eq!(
        body(&profile::LanguageBody {
            language: "pt-br".into()
        }),
        json!({"language": "pt-br"})
    );
    assert_eq!(
        body(&profile::NicknameBody {
            nickname: "ana".into()
        }),
        json!({"nickname": "ana"})
    );
}

#[test]
fn payment_and_wallet_bodies() {
    let b = payments::pay::CreateBody {
        account_id: 7,
        amount: "10.50".into(),
        payment_method: "pix.deposit.br",
        fields: BTreeMap::from([("cpf".to_string(), "123".to_string())]),
        idempotency_key: "1-2-3",
        country: None,
        bonus_id: Some(4),
    };
    assert_eq!(
        body(&b),
        json!({"accountId": 7, "amount": "10.50", "paymentMethod": "pix.deposit.br",
            "fields": {"cpf": "123"}, "idempotencyKey": "1-2-3", "bonusId": 4})
    );
    let b = payments::pay::CreateBody {
        fields: BTreeMap::new(),
        country: Some("BR".into()),
        bonus_id: None,
        ..b
    };
    assert_eq!(
        body(&b),
        json!({"accountId": 7, "amount": "10.50", "paymentMethod": "pix.deposit.br",
            "fields": {}, "idempotencyKey": "1-2-3", "country": "BR"})
    );
    assert_eq!(
        body(&wallet::CreateBody { currency: "BTC" }),
        json!({"currency": "BTC"})
    );
}

#[test]
fn limits_bodies_carry_an_amount_only_for_money_limits() {
    let b = limits::AddBody {
        definition: 3,
        period: "daily",
        currency: Some("EUR".into()),
        amount: Some("50".into()),
    };
    assert_eq!(
        body(&b),
        json!({"definition": 3, "period": "daily", "currency": "EUR", "amount": "50"})
    );
    let b = limits::AddBody {
        definition: 4,
        period: "weekly",
        currency: None,
        amount: None,
    };
    assert_eq!(body(&b), json!({"definition": 4, "period": "weekly"}));
    let b = limits::PeriodBody {
        period: "monthly",
        amount: Some("5"),
    };
    assert_eq!(body(&b), json!({"period": "monthly", "amount": "5"}));
    let b = limits::PeriodBody {
        period: "monthly",
        amount: None,
    };
    assert_eq!(body(&b), json!({"period": "monthly"}));
}

#[test]
fn bonus_notification_and_support_bodies() {
    assert_eq!(
        body(&bonuses::ForceBody { force: true }),
        json!({"force": true})
    );
    let b = bonuses::CodeBody {
        bonus_code: "WELCOME",
        trigger: "bonus_code",
    };
    assert_eq!(
        body(&b),
        json!({"bonusCode": "WELCOME", "trigger": "bonus_code"})
    );
    assert_eq!(
        body(&bonuses::DeleteCodeBody {
            player_bonus_code_id: 9
        }),
        json!({"playerBonusCodeId": 9})
    );
    assert_eq!(
        body(&notifications::MessagesBody {
            message_ids: &[9, 8]
        }),
        json!({"messageIds": [9, 8]})
    );
    assert_eq!(
        body(&notifications::PushesBody { push_ids: &[] }),
        json!({"pushIds": []})
    );
    let contact = |email| notifications::ContactBody {
        email,
        subject: "s",
        message: "m",
    };
    assert_eq!(
        body(&contact(Some("a@b.c"))),
        json!({"email": "a@b.c", "subject": "s", "message": "m"})
    );
    assert_eq!(
        body(&contact(None)),
        json!({"subject": "s", "message": "m"})
    );
    assert_eq!(
        body(&third_party::RestoreIdBody {
            freshchat_restore_id: "r1"
        }),
        json!({"freshchatRestoreId": "r1"})
    );
    assert_eq!(body(&referral::TransferBody {}), json!({}));
    let b = referral::ApplyBody {
        name: "Ana".into(),
        email: "a@b.c".into(),
        website: "".into(),
        message: "hi".into(),
        affiliate_tag: None,
    };
    assert_eq!(
        body(&b),
        json!({"name": "Ana", "email": "a@b.c", "website": "", "message": "hi",
            "affiliateTag": null})
    );
    assert_eq!(
        body(&documents::UploadBody { kind: "passport" }),
        json!({"type": "passport"})
    );
}

#[test]
fn social_messenger_game_and_sport_bodies() {
    let b = social::LoginBody {
        connection: "google",
        redirect_uri: "https://x/cb",
        source: "s",
        platform: "web",
        affiliate_tag: None,
    };
    assert_eq!(
        body(&b),
        json!({"connection": "google", "redirectUri": "https://x/cb", "source": "s",
            "platform": "web", "affiliateTag": null})
    );
    assert_eq!(
        body(&social::LinkBody {
            redirect_uri: "https://x/cb"
        }),
        json!({"redirectUri": "https://x/cb"})
    );
    assert_eq!(
        body(&social::UnlinkBody {
            social_type: "google"
        }),
        json!({"socialType": "google"})
    );
    assert_eq!(
        body(&social::TokenBody {
            token: "t",
            source: "s",
            platform: "web"
        }),
        json!({"token": "t", "source": "s", "platform": "web"})
    );
    let b = miniapp::launch::LoginBody {
        tg_payload: "q=1",
        affiliate_tag: None,
        ref_id: Some("r"),
        source: "https://t.me/bot",
        platform: "tg",
    };
    assert_eq!(
        body(&b),
        json!({"tg_payload": "q=1", "affiliate_tag": null, "ref_id": "r",
            "source": "https://t.me/bot", "platform": "tg"})
    );
    let b = miniapp::launch::SyncBody {
        user_id: 42,
        username: Some("ana"),
        language_code: None,
        photo_url: None,
        name: Some("Ana"),
    };
    assert_eq!(
        body(&b),
        json!({"user_id": 42, "username": "ana", "language_code": null, "photo_url": null,
            "name": "Ana"})
    );
    assert_eq!(
        body(&miniapp::launch::ConnectBody { payload: "q=1" }),
        json!({"payload": "q=1"})
    );
    assert_eq!(
        body(&games::launch::PlayBody { demo: true }),
        json!({"demo": true})
    );
    let params = StartGameParams::new(7, "https://x/sport", "en-GB", "PT", false, Platform::Mobile);
    let b = sport::token::StartBody {
        game_key: "sportsbook",
        params: &params,
    };
    assert_eq!(
        body(&b),
        json!({"gameKey": "sportsbook", "accountId": 7, "lobbyUrl": "https://x/sport",
            "locale": "en-GB", "countryCode": "PT", "demoMode": false, "platform": 1,
            "provider": "sportsbook"})
    );
}
