// The most common passwords of public breach corpora (SecLists / NCSC "top" lists), lower-cased.
// Short ones are kept so that the list still bites when AUTH_PASSWORD_MIN_LENGTH is lowered to 6.
const LIST = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman
1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster
soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel
starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn 555555 11111111 131313
freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda summer love ashley nicole
chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor matrix minecraft william
corvette hello martin heather secret merlin diamond 1234qwer gfhjkm hammer silver 222222 88888888 anthony
justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha bigdog
guitar jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan welcome falcon
cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer booboo
spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq purple
hardcore banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701
coffee scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver
redsox player nikita knight fender barney midnight please brandy chicago badboy slayer rangers charles angel
flower bigdaddy rabbit wizard jasper enter rachel chris steven winner adidas victoria natasha 1q2w3e4r
jasmine winter prince panties marine ghbdtn fishing cocacola casper james 232323 raiders 888888 marlboro
gandalf asdfasdf crystal 87654321 12344321 golden 8675309 liverpool lovely qwertyui 1q2w3e4r5t password1
password123 password12 passw0rd p@ssw0rd p@ssword pa55word pa$$word admin admin123 administrator root
letmein123 welcome1 welcome123 iloveyou1 abc12345 abcd1234 qwerty123 qwerty12 qwerty1 1qazxsw2 zaq12wsx
zaq1zaq1 qazwsxedc 1q2w3e4r5t6y asdf1234 asdfghjkl 1234abcd 12qwaszx changeme changeme123 default
sunshine1 princess1 football1 baseball1 monkey123 dragon123 master123 shadow123 superman1 trustno11
letmein1 hello123 test123 test1234 testing testing123 guest guest123 user user123 login login123 secret123
computer1 internet1 starwars1 pokemon pokemon123 naruto 11223344 12341234 147258369 123456a 123456abc
a123456 a1b2c3d4 aa123456 1234567a 12345678a 123456789a qweasdzxc qweasd 123abc abc123456 google
google123 facebook linkedin youtube twitter iphone samsung123 apple123 microsoft windows linux ubuntu
summer2020 summer2021 summer2022 summer2023 summer2024 winter2023 winter2024 spring2024 autumn2024
january february december monday friday sunday 1234512345 0123456789 9876543210 1122334455 5201314
11111111111 00000000 12121212 66666666 99999999 77777777 123123123123 qwertyqwerty asdasdasd zxczxczxc
iloveyou2 loveyou lovelove babygirl baby123 princesa tequiero teamo carlos alejandro daniel123 michael1
jordan23 charlie1 chocolate butterfly flowers sweety sweetheart beautiful friends family soccer1 hockey1
basketball volleyball softball cheerleader blink182 metallica slipknot nirvana eminem 50cent superstar
rockstar trinity matrix123 mustang1 corvette1 harley1 yankees1 redskins steelers1 packers cowboys1
lakers1 chelsea1 arsenal1 liverpool1 manchester barcelona realmadrid juventus letmeinnow opensesame
whatever1 nothing anything something everything qwertzuiop azerty azertyuiop 1qaz2wsx3edc
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
