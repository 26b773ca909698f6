import type { TenRulesMessages } from './en';

/**
 * Ten's rules page in Hungarian, in the terms of the user's own text (docs/rules/ten.md lists them): Tízes,
 * táblakép, bukik, jutalom, piac, valutakocka, lebukási jelző, jokerek, aukció, vásárlási fázis, sorozat.
 */
export const tenRulesHu: TenRulesMessages = {
  title: 'A Tízes szabályai',
  intro:
    'Egyenként húzz kártyákat, és állj meg, mielőtt a futó végösszeg eléri a 11-et. Tartsd meg a számkártyákat vagy a rajtuk látható valutát, licitálj a jokerekre, vásárolj a piacról, és építsd meg minden színből a leghosszabb sorozatot.',
  source: 'A felhasználó magyar szabályösszefoglalója és annak angol változata, az asztal döntéseivel',
  chrome: {
    contents: 'Tartalom',
    ruling: 'Döntés',
    play: 'Új Tízes játék',
    sectionLink: 'Hivatkozás erre a részre',
  },
  sections: {
    t1: {
      title: 'A kártyák',
      body: {
        p1: 'A négy szín — piros, kék, narancssárga és zöld — mindegyikében 1-től 6-ig minden számból három, a 7-esből, 8-asból és 9-esből egy-egy kártya van, és két # joker kártya, amely az adott szín bármelyik száma lehet.',
        p2: 'A fehér Wildcard bármilyen színt ábrázolhat: kilenc közülük 1 és 9 közötti rögzített számot mutat, egy # Wildcard pedig bármilyen szín és bármilyen szám lehet. Van még 27 valutakártya 1-től 5-ig. Minden játékos 5 valutakockával kezd.',
      },
      rulings: { T1: 'Színenként 23 kártya, 10 fehér Wildcard, 27 valutakártya: összesen 129 kártya.' },
    },
    t2: {
      title: 'Kevesebb játékos, kevesebb kártya',
      body: {
        p1: '4 vagy 5 játékos esetén az összes kártyát használjuk. 3 játékos esetén kivesszük a 4+ szimbólummal ellátott kártyákat, 2 játékos esetén a 3 játékos szimbólummal ellátottakat is. Egyedül a 2 játékos pakli a játék.',
      },
      rulings: {
        T2: 'A 4+ kártyák: minden szín 1–6 számainak harmadik példánya és minden értékből egy valutakártya; a 3 játékos kártyák: minden szín 1–3 számainak második példánya és minden értékből még egy valutakártya.',
      },
    },
    t3: {
      title: 'Kártyahúzás és lebukás',
      body: {
        p1: 'A kártyahúzási fázis során egyenként húzol a húzópakliból, és a kártyákat sorban leteszed: ez a táblakép. A számkártyák növelik a futó végösszeget, a valutakártyák az értékükkel csökkentik. Minden kártya után dönthetsz: megállsz és elveszed a jutalmat, vagy tovább húzol.',
        p2: 'A játékos bukik, ha a futó végösszeg eléri a 11-et vagy annál többet — vagy ha a valutakártyái önmagukban elérik a 11-et. A lebukás véget vet a sorodnak: kapsz egy lebukási jelzőt a készletből, a számkártyák pedig a piacra kerülnek. Ha a számkártyák miatt bukik le, a többi játékos összegyűjti a táblakép valutaértékét; ha a valutakártyák miatt, azok a dobóhalomba kerülnek, és senki nem gyűjt semmit.',
        p3: 'Az asztal mutatja, mekkora eséllyel bukik a következő húzással: a még senki által nem látott kártyákból számolva.',
      },
      rulings: {
        T3: 'A végösszeget minden kártya után ellenőrizzük; a jokerek nem számítanak bele; a sor első kártyáját mindig fel kell húzni.',
      },
    },
    t4: {
      title: 'A jutalom',
      body: {
        p1: 'Ha lebukás előtt megállsz, a jutalmak egyikét választod: összegyűjtöd a táblakép összes számkártyáját — ekkor a többi játékos megkapja a táblakép valutaértékét valutakockában —, vagy te magad gyűjtöd össze a valutát; ekkor a számkártyák a piacra kerülnek, és nincs vásárlási fázisod.',
        p2: 'Egy játékosnak egyszerre legfeljebb tíz valutakockája lehet; ami tíz fölé vinné, elvész. A lebukási jelzők nem számítanak bele a tízbe.',
      },
      rulings: { T4: 'A tízes felső határ minden szerzésre érvényes, a többlet elvész.' },
    },
    t5: {
      title: 'Fizetés',
      body: {
        p1: 'Az árat bármilyen keverékkel kifizetheted: valutakockával (darabja 1), lebukási jelzővel (darabja 3) és a gyűjteményed kártyáival (darabja 1; a dobóhalomba kerülnek). Visszajáró nincs: ami az ár fölött van, elvész.',
      },
      rulings: { T5: 'Valutakocka 1, lebukási jelző 3, összegyűjtött kártya 1; a túlfizetés elvész.' },
    },
    t6: {
      title: 'A vásárlási fázis',
      body: {
        p1: 'Ha a számkártyákat vetted el, vásárolhatsz egy kártyát a piacról a száma áráért. Nem vehetsz olyan kártyát, amelynek színe és száma megegyezik egy már meglévő kártyádéval.',
      },
      rulings: {
        T6: 'Vásárlási fázisonként egy kártya a piacról, és egyik sem olyan színű és számú, mint ami már megvan.',
        T6a: 'Ha számkártya nélkül állsz meg, az a számkártyák (nulla darab) elvételének számít, így jön a vásárlási fázis.',
      },
    },
    t7: {
      title: 'Joker-aukció',
      body: {
        p1: 'Bármilyen joker kártya húzása azonnal megszakítja a húzást egy aukcióval. A húzó játékostól balra ülő kezd: mindenki egyszer ajánlhat — többet, mint az eddigi legmagasabb ajánlat —, vagy passzol; a jokert húzó játékos ajánl utoljára. A legtöbbet ajánló fizet és megkapja a jokert, majd a sor folytatódik.',
      },
      rulings: { T7: 'Az ajánlat legalább 1; ha mindenki passzol, a joker a dobóhalomba kerül.' },
    },
    t8: {
      title: 'A játék vége',
      body: {
        p1: 'Az utolsó kártya felhúzása után az adott sor további húzás nélkül ér véget. Ezután mindenki kap még egy vásárlási fázist, az utolsó játékostól balra ülőtől kezdve, és vele befejezve.',
      },
      rulings: { T8: 'Mindenkinek egy utolsó vásárlási fázis, ebben a sorrendben.' },
    },
    t9: {
      title: 'Értékelés és győzelem',
      body: {
        p1: 'Minden szín a leghosszabb egymást követő sorozata hosszát éri; a teljes, 1-től 9-ig tartó sorozat 10 pontot ér. Akinek kék 1, 2, 3, 5 és 7 lapja van, az a kékért 3 pontot kap. A jokerek kitöltik a sorozatok hézagait; mindegyik csak egyszer használható.',
        p2: 'A legtöbb pont nyer. Döntetlen esetén az nyer, akinek több valutakockája van (a lebukási jelzők nem számítanak), majd akinek kevesebb kártyája van; ha még mindig döntetlen, a győzelem megosztott.',
      },
      rulings: {
        T9: 'A jokereket a játék végén a legjobb pontszámra helyezzük: az asztal megkeresi a legjobb elhelyezést.',
      },
    },
    t10: {
      title: 'Egyedül',
      body: {
        p1: 'Egyedül a saját legjobb eredményed ellen játszol. A többi játékosnak járó szerzések elmaradnak, a húzott jokert 1-ért megveheted, vagy a dobóhalomba teheted.',
      },
      rulings: { T10: 'A pontszámot az eddigi legjobbaddal vetjük össze.' },
    },
  },
};
