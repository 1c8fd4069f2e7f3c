#include <hip/hip_runtime.h>
__global__ void k0(float* p) { p[threadIdx.x] = 0; }
__global__ void k1(float* p) { p[threadIdx.x] = 1; }
__global__ void k2(float* p) { p[threadIdx.x] = 2; }
__global__ void k3(float* p) { p[threadIdx.x] = 3; }
__global__ void k4(float* p) { p[threadIdx.x] = 4; }
__global__ void k5(float* p) { p[threadIdx.x] = 5; }
__global__ void k6(float* p) { p[threadIdx.x] = 6; }
__global__ void k7(float* p) { p[threadIdx.x] = 7; }
__global__ void k8(float* p) { p[threadIdx.x] = 8; }
__global__ void k9(float* p) { p[threadIdx.x] = 9; }
__global__ void k10(float* p) { p[threadIdx.x] = 10; }
__global__ void k11(float* p) { p[threadIdx.x] = 11; }
__global__ void k12(float* p) { p[threadIdx.x] = 12; }
__global__ void k13(float* p) { p[threadIdx.x] = 13; }
__global__ void k14(float* p) { p[threadIdx.x] = 14; }
__global__ void k15(float* p) { p[threadIdx.x] = 15; }
__global__ void k16(float* p) { p[threadIdx.x] = 16; }
__global__ void k17(float* p) { p[threadIdx.x] = 17; }
__global__ void k18(float* p) { p[threadIdx.x] = 18; }
__global__ void k19(float* p) { p[threadIdx.x] = 19; }
__global__ void k20(float* p) { p[threadIdx.x] = 20; }
__global__ void k21(float* p) { p[threadIdx.x] = 21; }
__global__ void k22(float* p) { p[threadIdx.x] = 22; }
__global__ void k23(float* p) { p[threadIdx.x] = 23; }
__global__ void k24(float* p) { p[threadIdx.x] = 24; }
__global__ void k25(float* p) { p[threadIdx.x] = 25; }
__global__ void k26(float* p) { p[threadIdx.x] = 26; }
__global__ void k27(float* p) { p[threadIdx.x] = 27; }
__global__ void k28(float* p) { p[threadIdx.x] = 28; }
__global__ void k29(float* p) { p[threadIdx.x] = 29; }
__global__ void k30(float* p) { p[threadIdx.x] = 30; }
__global__ void k31(float* p) { p[threadIdx.x] = 31; }
__global__ void k32(float* p) { p[threadIdx.x] = 32; }
__global__ void k33(float* p) { p[threadIdx.x] = 33; }
__global__ void k34(float* p) { p[threadIdx.x] = 34; }
__global__ void k35(float* p) { p[threadIdx.x] = 35; }
__global__ void k36(float* p) { p[threadIdx.x] = 36; }
__global__ void k37(float* p) { p[threadIdx.x] = 37; }
__global__ void k38(float* p) { p[threadIdx.x] = 38; }
__global__ void k39(float* p) { p[threadIdx.x] = 39; }
__global__ void k40(float* p) { p[threadIdx.x] = 40; }
__global__ void k41(float* p) { p[threadIdx.x] = 41; }
__global__ void k42(float* p) { p[threadIdx.x] = 42; }
__global__ void k43(float* p) { p[threadIdx.x] = 43; }
__global__ void k44(float* p) { p[threadIdx.x] = 44; }
__global__ void k45(float* p) { p[threadIdx.x] = 45; }
__global__ void k46(float* p) { p[threadIdx.x] = 46; }
__global__ void k47(float* p) { p[threadIdx.x] = 47; }
__global__ void k48(float* p) { p[threadIdx.x] = 48; }
__global__ void k49(float* p) { p[threadIdx.x] = 49; }
__global__ void k50(float* p) { p[threadIdx.x] = 50; }
__global__ void k51(float* p) { p[threadIdx.x] = 51; }
__global__ void k52(float* p) { p[threadIdx.x] = 52; }
__global__ void k53(float* p) { p[threadIdx.x] = 53; }
__global__ void k54(float* p) { p[threadIdx.x] = 54; }
__global__ void k55(float* p) { p[threadIdx.x] = 55; }
__global__ void k56(float* p) { p[threadIdx.x] = 56; }
__global__ void k57(float* p) { p[threadIdx.x] = 57; }
__global__ void k58(float* p) { p[threadIdx.x] = 58; }
__global__ void k59(float* p) { p[threadIdx.x] = 59; }
__global__ void k60(float* p) { p[threadIdx.x] = 60; }
__global__ void k61(float* p) { p[threadIdx.x] = 61; }
__global__ void k62(float* p) { p[threadIdx.x] = 62; }
__global__ void k63(float* p) { p[threadIdx.x] = 63; }
__global__ void k64(float* p) { p[threadIdx.x] = 64; }
__global__ void k65(float* p) { p[threadIdx.x] = 65; }
__global__ void k66(float* p) { p[threadIdx.x] = 66; }
__global__ void k67(float* p) { p[threadIdx.x] = 67; }
__global__ void k68(float* p) { p[threadIdx.x] = 68; }
__global__ void k69(float* p) { p[threadIdx.x] = 69; }
__global__ void k70(float* p) { p[threadIdx.x] = 70; }
__global__ void k71(float* p) { p[threadIdx.x] = 71; }
__global__ void k72(float* p) { p[threadIdx.x] = 72; }
__global__ void k73(float* p) { p[threadIdx.x] = 73; }
__global__ void k74(float* p) { p[threadIdx.x] = 74; }
__global__ void k75(float* p) { p[threadIdx.x] = 75; }
__global__ void k76(float* p) { p[threadIdx.x] = 76; }
__global__ void k77(float* p) { p[threadIdx.x] = 77; }
__global__ void k78(float* p) { p[threadIdx.x] = 78; }
__global__ void k79(float* p) { p[threadIdx.x] = 79; }
__global__ void k80(float* p) { p[threadIdx.x] = 80; }
__global__ void k81(float* p) { p[threadIdx.x] = 81; }
__global__ void k82(float* p) { p[threadIdx.x] = 82; }
__global__ void k83(float* p) { p[threadIdx.x] = 83; }
__global__ void k84(float* p) { p[threadIdx.x] = 84; }
__global__ void k85(float* p) { p[threadIdx.x] = 85; }
__global__ void k86(float* p) { p[threadIdx.x] = 86; }
__global__ void k87(float* p) { p[threadIdx.x] = 87; }
__global__ void k88(float* p) { p[threadIdx.x] = 88; }
__global__ void k89(float* p) { p[threadIdx.x] = 89; }
__global__ void k90(float* p) { p[threadIdx.x] = 90; }
__global__ void k91(float* p) { p[threadIdx.x] = 91; }
__global__ void k92(float* p) { p[threadIdx.x] = 92; }
__global__ void k93(float* p) { p[threadIdx.x] = 93; }
__global__ void k94(float* p) { p[threadIdx.x] = 94; }
__global__ void k95(float* p) { p[threadIdx.x] = 95; }
__global__ void k96(float* p) { p[threadIdx.x] = 96; }
__global__ void k97(float* p) { p[threadIdx.x] = 97; }
__global__ void k98(float* p) { p[threadIdx.x] = 98; }
__global__ void k99(float* p) { p[threadIdx.x] = 99; }
__global__ void k100(float* p) { p[threadIdx.x] = 100; }
__global__ void k101(float* p) { p[threadIdx.x] = 101; }
__global__ void k102(float* p) { p[threadIdx.x] = 102; }
__global__ void k103(float* p) { p[threadIdx.x] = 103; }
__global__ void k104(float* p) { p[threadIdx.x] = 104; }
__global__ void k105(float* p) { p[threadIdx.x] = 105; }
__global__ void k106(float* p) { p[threadIdx.x] = 106; }
__global__ void k107(float* p) { p[threadIdx.x] = 107; }
__global__ void k108(float* p) { p[threadIdx.x] = 108; }
__global__ void k109(float* p) { p[threadIdx.x] = 109; }
__global__ void k110(float* p) { p[threadIdx.x] = 110; }
__global__ void k111(float* p) { p[threadIdx.x] = 111; }
__global__ void k112(float* p) { p[threadIdx.x] = 112; }
__global__ void k113(float* p) { p[threadIdx.x] = 113; }
__global__ void k114(float* p) { p[threadIdx.x] = 114; }
__global__ void k115(float* p) { p[threadIdx.x] = 115; }
__global__ void k116(float* p) { p[threadIdx.x] = 116; }
__global__ void k117(float* p) { p[threadIdx.x] = 117; }
__global__ void k118(float* p) { p[threadIdx.x] = 118; }
__global__ void k119(float* p) { p[threadIdx.x] = 119; }
__global__ void k120(float* p) { p[threadIdx.x] = 120; }
__global__ void k121(float* p) { p[threadIdx.x] = 121; }
__global__ void k122(float* p) { p[threadIdx.x] = 122; }
__global__ void k123(float* p) { p[threadIdx.x] = 123; }
__global__ void k124(float* p) { p[threadIdx.x] = 124; }
__global__ void k125(float* p) { p[threadIdx.x] = 125; }
__global__ void k126(float* p) { p[threadIdx.x] = 126; }
__global__ void k127(float* p) { p[threadIdx.x] = 127; }
__global__ void k128(float* p) { p[threadIdx.x] = 128; }
__global__ void k129(float* p) { p[threadIdx.x] = 129; }
__global__ void k130(float* p) { p[threadIdx.x] = 130; }
__global__ void k131(float* p) { p[threadIdx.x] = 131; }
__global__ void k132(float* p) { p[threadIdx.x] = 132; }
__global__ void k133(float* p) { p[threadIdx.x] = 133; }
__global__ void k134(float* p) { p[threadIdx.x] = 134; }
__global__ void k135(float* p) { p[threadIdx.x] = 135; }
__global__ void k136(float* p) { p[threadIdx.x] = 136; }
__global__ void k137(float* p) { p[threadIdx.x] = 137; }
__global__ void k138(float* p) { p[threadIdx.x] = 138; }
__global__ void k139(float* p) { p[threadIdx.x] = 139; }
__global__ void k140(float* p) { p[threadIdx.x] = 140; }
__global__ void k141(float* p) { p[threadIdx.x] = 141; }
__global__ void k142(float* p) { p[threadIdx.x] = 142; }
__global__ void k143(float* p) { p[threadIdx.x] = 143; }
__global__ void k144(float* p) { p[threadIdx.x] = 144; }
__global__ void k145(float* p) { p[threadIdx.x] = 145; }
__global__ void k146(float* p) { p[threadIdx.x] = 146; }
__global__ void k147(float* p) { p[threadIdx.x] = 147; }
__global__ void k148(float* p) { p[threadIdx.x] = 148; }
__global__ void k149(float* p) { p[threadIdx.x] = 149; }
__global__ void k150(float* p) { p[threadIdx.x] = 150; }
__global__ void k151(float* p) { p[threadIdx.x] = 151; }
__global__ void k152(float* p) { p[threadIdx.x] = 152; }
__global__ void k153(float* p) { p[threadIdx.x] = 153; }
__global__ void k154(float* p) { p[threadIdx.x] = 154; }
__global__ void k155(float* p) { p[threadIdx.x] = 155; }
__global__ void k156(float* p) { p[threadIdx.x] = 156; }
__global__ void k157(float* p) { p[threadIdx.x] = 157; }
__global__ void k158(float* p) { p[threadIdx.x] = 158; }
__global__ void k159(float* p) { p[threadIdx.x] = 159; }
__global__ void k160(float* p) { p[threadIdx.x] = 160; }
__global__ void k161(float* p) { p[threadIdx.x] = 161; }
__global__ void k162(float* p) { p[threadIdx.x] = 162; }
__global__ void k163(float* p) { p[threadIdx.x] = 163; }
__global__ void k164(float* p) { p[threadIdx.x] = 164; }
__global__ void k165(float* p) { p[threadIdx.x] = 165; }
__global__ void k166(float* p) { p[threadIdx.x] = 166; }
__global__ void k167(float* p) { p[threadIdx.x] = 167; }
__global__ void k168(float* p) { p[threadIdx.x] = 168; }
__global__ void k169(float* p) { p[threadIdx.x] = 169; }
__global__ void k170(float* p) { p[threadIdx.x] = 170; }
__global__ void k171(float* p) { p[threadIdx.x] = 171; }
__global__ void k172(float* p) { p[threadIdx.x] = 172; }
__global__ void k173(float* p) { p[threadIdx.x] = 173; }
__global__ void k174(float* p) { p[threadIdx.x] = 174; }
__global__ void k175(float* p) { p[threadIdx.x] = 175; }
__global__ void k176(float* p) { p[threadIdx.x] = 176; }
__global__ void k177(float* p) { p[threadIdx.x] = 177; }
__global__ void k178(float* p) { p[threadIdx.x] = 178; }
__global__ void k179(float* p) { p[threadIdx.x] = 179; }
__global__ void k180(float* p) { p[threadIdx.x] = 180; }
__global__ void k181(float* p) { p[threadIdx.x] = 181; }
__global__ void k182(float* p) { p[threadIdx.x] = 182; }
__global__ void k183(float* p) { p[threadIdx.x] = 183; }
__global__ void k184(float* p) { p[threadIdx.x] = 184; }
__global__ void k185(float* p) { p[threadIdx.x] = 185; }
__global__ void k186(float* p) { p[threadIdx.x] = 186; }
__global__ void k187(float* p) { p[threadIdx.x] = 187; }
__global__ void k188(float* p) { p[threadIdx.x] = 188; }
__global__ void k189(float* p) { p[threadIdx.x] = 189; }
__global__ void k190(float* p) { p[threadIdx.x] = 190; }
__global__ void k191(float* p) { p[threadIdx.x] = 191; }
__global__ void k192(float* p) { p[threadIdx.x] = 192; }
__global__ void k193(float* p) { p[threadIdx.x] = 193; }
__global__ void k194(float* p) { p[threadIdx.x] = 194; }
__global__ void k195(float* p) { p[threadIdx.x] = 195; }
__global__ void k196(float* p) { p[threadIdx.x] = 196; }
__global__ void k197(float* p) { p[threadIdx.x] = 197; }
__global__ void k198(float* p) { p[threadIdx.x] = 198; }
__global__ void k199(float* p) { p[threadIdx.x] = 199; }
__global__ void k200(float* p) { p[threadIdx.x] = 200; }
__global__ void k201(float* p) { p[threadIdx.x] = 201; }
__global__ void k202(float* p) { p[threadIdx.x] = 202; }
__global__ void k203(float* p) { p[threadIdx.x] = 203; }
__global__ void k204(float* p) { p[threadIdx.x] = 204; }
__global__ void k205(float* p) { p[threadIdx.x] = 205; }
__global__ void k206(float* p) { p[threadIdx.x] = 206; }
__global__ void k207(float* p) { p[threadIdx.x] = 207; }
__global__ void k208(float* p) { p[threadIdx.x] = 208; }
__global__ void k209(float* p) { p[threadIdx.x] = 209; }
__global__ void k210(float* p) { p[threadIdx.x] = 210; }
__global__ void k211(float* p) { p[threadIdx.x] = 211; }
__global__ void k212(float* p) { p[threadIdx.x] = 212; }
__global__ void k213(float* p) { p[threadIdx.x] = 213; }
__global__ void k214(float* p) { p[threadIdx.x] = 214; }
__global__ void k215(float* p) { p[threadIdx.x] = 215; }
__global__ void k216(float* p) { p[threadIdx.x] = 216; }
__global__ void k217(float* p) { p[threadIdx.x] = 217; }
__global__ void k218(float* p) { p[threadIdx.x] = 218; }
__global__ void k219(float* p) { p[threadIdx.x] = 219; }
__global__ void k220(float* p) { p[threadIdx.x] = 220; }
__global__ void k221(float* p) { p[threadIdx.x] = 221; }
__global__ void k222(float* p) { p[threadIdx.x] = 222; }
__global__ void k223(float* p) { p[threadIdx.x] = 223; }
__global__ void k224(float* p) { p[threadIdx.x] = 224; }
__global__ void k225(float* p) { p[threadIdx.x] = 225; }
__global__ void k226(float* p) { p[threadIdx.x] = 226; }
__global__ void k227(float* p) { p[threadIdx.x] = 227; }
__global__ void k228(float* p) { p[threadIdx.x] = 228; }
__global__ void k229(float* p) { p[threadIdx.x] = 229; }
__global__ void k230(float* p) { p[threadIdx.x] = 230; }
__global__ void k231(float* p) { p[threadIdx.x] = 231; }
__global__ void k232(float* p) { p[threadIdx.x] = 232; }
__global__ void k233(float* p) { p[threadIdx.x] = 233; }
__global__ void k234(float* p) { p[threadIdx.x] = 234; }
__global__ void k235(float* p) { p[threadIdx.x] = 235; }
__global__ void k236(float* p) { p[threadIdx.x] = 236; }
__global__ void k237(float* p) { p[threadIdx.x] = 237; }
__global__ void k238(float* p) { p[threadIdx.x] = 238; }
__global__ void k239(float* p) { p[threadIdx.x] = 239; }
__global__ void k240(float* p) { p[threadIdx.x] = 240; }
__global__ void k241(float* p) { p[threadIdx.x] = 241; }
__global__ void k242(float* p) { p[threadIdx.x] = 242; }
__global__ void k243(float* p) { p[threadIdx.x] = 243; }
__global__ void k244(float* p) { p[threadIdx.x] = 244; }
__global__ void k245(float* p) { p[threadIdx.x] = 245; }
__global__ void k246(float* p) { p[threadIdx.x] = 246; }
__global__ void k247(float* p) { p[threadIdx.x] = 247; }
__global__ void k248(float* p) { p[threadIdx.x] = 248; }
__global__ void k249(float* p) { p[threadIdx.x] = 249; }
__global__ void k250(float* p) { p[threadIdx.x] = 250; }
__global__ void k251(float* p) { p[threadIdx.x] = 251; }
__global__ void k252(float* p) { p[threadIdx.x] = 252; }
__global__ void k253(float* p) { p[threadIdx.x] = 253; }
__global__ void k254(float* p) { p[threadIdx.x] = 254; }
__global__ void k255(float* p) { p[threadIdx.x] = 255; }
__global__ void k256(float* p) { p[threadIdx.x] = 256; }
__global__ void k257(float* p) { p[threadIdx.x] = 257; }
__global__ void k258(float* p) { p[threadIdx.x] = 258; }
__global__ void k259(float* p) { p[threadIdx.x] = 259; }
__global__ void k260(float* p) { p[threadIdx.x] = 260; }
__global__ void k261(float* p) { p[threadIdx.x] = 261; }
__global__ void k262(float* p) { p[threadIdx.x] = 262; }
__global__ void k263(float* p) { p[threadIdx.x] = 263; }
__global__ void k264(float* p) { p[threadIdx.x] = 264; }
__global__ void k265(float* p) { p[threadIdx.x] = 265; }
__global__ void k266(float* p) { p[threadIdx.x] = 266; }
__global__ void k267(float* p) { p[threadIdx.x] = 267; }
__global__ void k268(float* p) { p[threadIdx.x] = 268; }
__global__ void k269(float* p) { p[threadIdx.x] = 269; }
__global__ void k270(float* p) { p[threadIdx.x] = 270; }
__global__ void k271(float* p) { p[threadIdx.x] = 271; }
__global__ void k272(float* p) { p[threadIdx.x] = 272; }
__global__ void k273(float* p) { p[threadIdx.x] = 273; }
__global__ void k274(float* p) { p[threadIdx.x] = 274; }
__global__ void k275(float* p) { p[threadIdx.x] = 275; }
__global__ void k276(float* p) { p[threadIdx.x] = 276; }
__global__ void k277(float* p) { p[threadIdx.x] = 277; }
__global__ void k278(float* p) { p[threadIdx.x] = 278; }
__global__ void k279(float* p) { p[threadIdx.x] = 279; }
__global__ void k280(float* p) { p[threadIdx.x] = 280; }
__global__ void k281(float* p) { p[threadIdx.x] = 281; }
__global__ void k282(float* p) { p[threadIdx.x] = 282; }
__global__ void k283(float* p) { p[threadIdx.x] = 283; }
__global__ void k284(float* p) { p[threadIdx.x] = 284; }
__global__ void k285(float* p) { p[threadIdx.x] = 285; }
__global__ void k286(float* p) { p[threadIdx.x] = 286; }
__global__ void k287(float* p) { p[threadIdx.x] = 287; }
__global__ void k288(float* p) { p[threadIdx.x] = 288; }
__global__ void k289(float* p) { p[threadIdx.x] = 289; }
__global__ void k290(float* p) { p[threadIdx.x] = 290; }
__global__ void k291(float* p) { p[threadIdx.x] = 291; }
__global__ void k292(float* p) { p[threadIdx.x] = 292; }
__global__ void k293(float* p) { p[threadIdx.x] = 293; }
__global__ void k294(float* p) { p[threadIdx.x] = 294; }
__global__ void k295(float* p) { p[threadIdx.x] = 295; }
__global__ void k296(float* p) { p[threadIdx.x] = 296; }
__global__ void k297(float* p) { p[threadIdx.x] = 297; }
__global__ void k298(float* p) { p[threadIdx.x] = 298; }
__global__ void k299(float* p) { p[threadIdx.x] = 299; }
__global__ void k300(float* p) { p[threadIdx.x] = 300; }
__global__ void k301(float* p) { p[threadIdx.x] = 301; }
__global__ void k302(float* p) { p[threadIdx.x] = 302; }
__global__ void k303(float* p) { p[threadIdx.x] = 303; }
__global__ void k304(float* p) { p[threadIdx.x] = 304; }
__global__ void k305(float* p) { p[threadIdx.x] = 305; }
__global__ void k306(float* p) { p[threadIdx.x] = 306; }
__global__ void k307(float* p) { p[threadIdx.x] = 307; }
__global__ void k308(float* p) { p[threadIdx.x] = 308; }
__global__ void k309(float* p) { p[threadIdx.x] = 309; }
__global__ void k310(float* p) { p[threadIdx.x] = 310; }
__global__ void k311(float* p) { p[threadIdx.x] = 311; }
__global__ void k312(float* p) { p[threadIdx.x] = 312; }
__global__ void k313(float* p) { p[threadIdx.x] = 313; }
__global__ void k314(float* p) { p[threadIdx.x] = 314; }
__global__ void k315(float* p) { p[threadIdx.x] = 315; }
__global__ void k316(float* p) { p[threadIdx.x] = 316; }
__global__ void k317(float* p) { p[threadIdx.x] = 317; }
__global__ void k318(float* p) { p[threadIdx.x] = 318; }
__global__ void k319(float* p) { p[threadIdx.x] = 319; }
__global__ void k320(float* p) { p[threadIdx.x] = 320; }
__global__ void k321(float* p) { p[threadIdx.x] = 321; }
__global__ void k322(float* p) { p[threadIdx.x] = 322; }
__global__ void k323(float* p) { p[threadIdx.x] = 323; }
__global__ void k324(float* p) { p[threadIdx.x] = 324; }
__global__ void k325(float* p) { p[threadIdx.x] = 325; }
__global__ void k326(float* p) { p[threadIdx.x] = 326; }
__global__ void k327(float* p) { p[threadIdx.x] = 327; }
__global__ void k328(float* p) { p[threadIdx.x] = 328; }
__global__ void k329(float* p) { p[threadIdx.x] = 329; }
__global__ void k330(float* p) { p[threadIdx.x] = 330; }
__global__ void k331(float* p) { p[threadIdx.x] = 331; }
__global__ void k332(float* p) { p[threadIdx.x] = 332; }
__global__ void k333(float* p) { p[threadIdx.x] = 333; }
__global__ void k334(float* p) { p[threadIdx.x] = 334; }
__global__ void k335(float* p) { p[threadIdx.x] = 335; }
__global__ void k336(float* p) { p[threadIdx.x] = 336; }
__global__ void k337(float* p) { p[threadIdx.x] = 337; }
__global__ void k338(float* p) { p[threadIdx.x] = 338; }
__global__ void k339(float* p) { p[threadIdx.x] = 339; }
__global__ void k340(float* p) { p[threadIdx.x] = 340; }
__global__ void k341(float* p) { p[threadIdx.x] = 341; }
__global__ void k342(float* p) { p[threadIdx.x] = 342; }
__global__ void k343(float* p) { p[threadIdx.x] = 343; }
__global__ void k344(float* p) { p[threadIdx.x] = 344; }
__global__ void k345(float* p) { p[threadIdx.x] = 345; }
__global__ void k346(float* p) { p[threadIdx.x] = 346; }
__global__ void k347(float* p) { p[threadIdx.x] = 347; }
__global__ void k348(float* p) { p[threadIdx.x] = 348; }
__global__ void k349(float* p) { p[threadIdx.x] = 349; }
__global__ void k350(float* p) { p[threadIdx.x] = 350; }
__global__ void k351(float* p) { p[threadIdx.x] = 351; }
__global__ void k352(float* p) { p[threadIdx.x] = 352; }
__global__ void k353(float* p) { p[threadIdx.x] = 353; }
__global__ void k354(float* p) { p[threadIdx.x] = 354; }
__global__ void k355(float* p) { p[threadIdx.x] = 355; }
__global__ void k356(float* p) { p[threadIdx.x] = 356; }
__global__ void k357(float* p) { p[threadIdx.x] = 357; }
__global__ void k358(float* p) { p[threadIdx.x] = 358; }
__global__ void k359(float* p) { p[threadIdx.x] = 359; }
__global__ void k360(float* p) { p[threadIdx.x] = 360; }
__global__ void k361(float* p) { p[threadIdx.x] = 361; }
__global__ void k362(float* p) { p[threadIdx.x] = 362; }
__global__ void k363(float* p) { p[threadIdx.x] = 363; }
__global__ void k364(float* p) { p[threadIdx.x] = 364; }
__global__ void k365(float* p) { p[threadIdx.x] = 365; }
__global__ void k366(float* p) { p[threadIdx.x] = 366; }
__global__ void k367(float* p) { p[threadIdx.x] = 367; }
__global__ void k368(float* p) { p[threadIdx.x] = 368; }
__global__ void k369(float* p) { p[threadIdx.x] = 369; }
__global__ void k370(float* p) { p[threadIdx.x] = 370; }
__global__ void k371(float* p) { p[threadIdx.x] = 371; }
__global__ void k372(float* p) { p[threadIdx.x] = 372; }
__global__ void k373(float* p) { p[threadIdx.x] = 373; }
__global__ void k374(float* p) { p[threadIdx.x] = 374; }
__global__ void k375(float* p) { p[threadIdx.x] = 375; }
__global__ void k376(float* p) { p[threadIdx.x] = 376; }
__global__ void k377(float* p) { p[threadIdx.x] = 377; }
__global__ void k378(float* p) { p[threadIdx.x] = 378; }
__global__ void k379(float* p) { p[threadIdx.x] = 379; }
__global__ void k380(float* p) { p[threadIdx.x] = 380; }
__global__ void k381(float* p) { p[threadIdx.x] = 381; }
__global__ void k382(float* p) { p[threadIdx.x] = 382; }
__global__ void k383(float* p) { p[threadIdx.x] = 383; }
__global__ void k384(float* p) { p[threadIdx.x] = 384; }
__global__ void k385(float* p) { p[threadIdx.x] = 385; }
__global__ void k386(float* p) { p[threadIdx.x] = 386; }
__global__ void k387(float* p) { p[threadIdx.x] = 387; }
__global__ void k388(float* p) { p[threadIdx.x] = 388; }
__global__ void k389(float* p) { p[threadIdx.x] = 389; }
__global__ void k390(float* p) { p[threadIdx.x] = 390; }
__global__ void k391(float* p) { p[threadIdx.x] = 391; }
__global__ void k392(float* p) { p[threadIdx.x] = 392; }
__global__ void k393(float* p) { p[threadIdx.x] = 393; }
__global__ void k394(float* p) { p[threadIdx.x] = 394; }
__global__ void k395(float* p) { p[threadIdx.x] = 395; }
__global__ void k396(float* p) { p[threadIdx.x] = 396; }
__global__ void k397(float* p) { p[threadIdx.x] = 397; }
__global__ void k398(float* p) { p[threadIdx.x] = 398; }
__global__ void k399(float* p) { p[threadIdx.x] = 399; }
__global__ void k400(float* p) { p[threadIdx.x] = 400; }
__global__ void k401(float* p) { p[threadIdx.x] = 401; }
__global__ void k402(float* p) { p[threadIdx.x] = 402; }
__global__ void k403(float* p) { p[threadIdx.x] = 403; }
__global__ void k404(float* p) { p[threadIdx.x] = 404; }
__global__ void k405(float* p) { p[threadIdx.x] = 405; }
__global__ void k406(float* p) { p[threadIdx.x] = 406; }
__global__ void k407(float* p) { p[threadIdx.x] = 407; }
__global__ void k408(float* p) { p[threadIdx.x] = 408; }
__global__ void k409(float* p) { p[threadIdx.x] = 409; }
__global__ void k410(float* p) { p[threadIdx.x] = 410; }
__global__ void k411(float* p) { p[threadIdx.x] = 411; }
__global__ void k412(float* p) { p[threadIdx.x] = 412; }
__global__ void k413(float* p) { p[threadIdx.x] = 413; }
__global__ void k414(float* p) { p[threadIdx.x] = 414; }
__global__ void k415(float* p) { p[threadIdx.x] = 415; }
__global__ void k416(float* p) { p[threadIdx.x] = 416; }
__global__ void k417(float* p) { p[threadIdx.x] = 417; }
__global__ void k418(float* p) { p[threadIdx.x] = 418; }
__global__ void k419(float* p) { p[threadIdx.x] = 419; }
__global__ void k420(float* p) { p[threadIdx.x] = 420; }
__global__ void k421(float* p) { p[threadIdx.x] = 421; }
__global__ void k422(float* p) { p[threadIdx.x] = 422; }
__global__ void k423(float* p) { p[threadIdx.x] = 423; }
__global__ void k424(float* p) { p[threadIdx.x] = 424; }
__global__ void k425(float* p) { p[threadIdx.x] = 425; }
__global__ void k426(float* p) { p[threadIdx.x] = 426; }
__global__ void k427(float* p) { p[threadIdx.x] = 427; }
__global__ void k428(float* p) { p[threadIdx.x] = 428; }
__global__ void k429(float* p) { p[threadIdx.x] = 429; }
__global__ void k430(float* p) { p[threadIdx.x] = 430; }
__global__ void k431(float* p) { p[threadIdx.x] = 431; }
__global__ void k432(float* p) { p[threadIdx.x] = 432; }
__global__ void k433(float* p) { p[threadIdx.x] = 433; }
__global__ void k434(float* p) { p[threadIdx.x] = 434; }
__global__ void k435(float* p) { p[threadIdx.x] = 435; }
__global__ void k436(float* p) { p[threadIdx.x] = 436; }
__global__ void k437(float* p) { p[threadIdx.x] = 437; }
__global__ void k438(float* p) { p[threadIdx.x] = 438; }
__global__ void k439(float* p) { p[threadIdx.x] = 439; }
__global__ void k440(float* p) { p[threadIdx.x] = 440; }
__global__ void k441(float* p) { p[threadIdx.x] = 441; }
__global__ void k442(float* p) { p[threadIdx.x] = 442; }
__global__ void k443(float* p) { p[threadIdx.x] = 443; }
__global__ void k444(float* p) { p[threadIdx.x] = 444; }
__global__ void k445(float* p) { p[threadIdx.x] = 445; }
__global__ void k446(float* p) { p[threadIdx.x] = 446; }
__global__ void k447(float* p) { p[threadIdx.x] = 447; }
__global__ void k448(float* p) { p[threadIdx.x] = 448; }
__global__ void k449(float* p) { p[threadIdx.x] = 449; }
__global__ void k450(float* p) { p[threadIdx.x] = 450; }
__global__ void k451(float* p) { p[threadIdx.x] = 451; }
__global__ void k452(float* p) { p[threadIdx.x] = 452; }
__global__ void k453(float* p) { p[threadIdx.x] = 453; }
__global__ void k454(float* p) { p[threadIdx.x] = 454; }
__global__ void k455(float* p) { p[threadIdx.x] = 455; }
__global__ void k456(float* p) { p[threadIdx.x] = 456; }
__global__ void k457(float* p) { p[threadIdx.x] = 457; }
__global__ void k458(float* p) { p[threadIdx.x] = 458; }
__global__ void k459(float* p) { p[threadIdx.x] = 459; }
__global__ void k460(float* p) { p[threadIdx.x] = 460; }
__global__ void k461(float* p) { p[threadIdx.x] = 461; }
__global__ void k462(float* p) { p[threadIdx.x] = 462; }
__global__ void k463(float* p) { p[threadIdx.x] = 463; }
__global__ void k464(float* p) { p[threadIdx.x] = 464; }
__global__ void k465(float* p) { p[threadIdx.x] = 465; }
__global__ void k466(float* p) { p[threadIdx.x] = 466; }
__global__ void k467(float* p) { p[threadIdx.x] = 467; }
__global__ void k468(float* p) { p[threadIdx.x] = 468; }
__global__ void k469(float* p) { p[threadIdx.x] = 469; }
__global__ void k470(float* p) { p[threadIdx.x] = 470; }
__global__ void k471(float* p) { p[threadIdx.x] = 471; }
__global__ void k472(float* p) { p[threadIdx.x] = 472; }
__global__ void k473(float* p) { p[threadIdx.x] = 473; }
__global__ void k474(float* p) { p[threadIdx.x] = 474; }
__global__ void k475(float* p) { p[threadIdx.x] = 475; }
__global__ void k476(float* p) { p[threadIdx.x] = 476; }
__global__ void k477(float* p) { p[threadIdx.x] = 477; }
__global__ void k478(float* p) { p[threadIdx.x] = 478; }
__global__ void k479(float* p) { p[threadIdx.x] = 479; }
__global__ void k480(float* p) { p[threadIdx.x] = 480; }
__global__ void k481(float* p) { p[threadIdx.x] = 481; }
__global__ void k482(float* p) { p[threadIdx.x] = 482; }
__global__ void k483(float* p) { p[threadIdx.x] = 483; }
__global__ void k484(float* p) { p[threadIdx.x] = 484; }
__global__ void k485(float* p) { p[threadIdx.x] = 485; }
__global__ void k486(float* p) { p[threadIdx.x] = 486; }
__global__ void k487(float* p) { p[threadIdx.x] = 487; }
__global__ void k488(float* p) { p[threadIdx.x] = 488; }
__global__ void k489(float* p) { p[threadIdx.x] = 489; }
__global__ void k490(float* p) { p[threadIdx.x] = 490; }
__global__ void k491(float* p) { p[threadIdx.x] = 491; }
__global__ void k492(float* p) { p[threadIdx.x] = 492; }
__global__ void k493(float* p) { p[threadIdx.x] = 493; }
__global__ void k494(float* p) { p[threadIdx.x] = 494; }
__global__ void k495(float* p) { p[threadIdx.x] = 495; }
__global__ void k496(float* p) { p[threadIdx.x] = 496; }
__global__ void k497(float* p) { p[threadIdx.x] = 497; }
__global__ void k498(float* p) { p[threadIdx.x] = 498; }
__global__ void k499(float* p) { p[threadIdx.x] = 499; }
__global__ void k500(float* p) { p[threadIdx.x] = 500; }
__global__ void k501(float* p) { p[threadIdx.x] = 501; }
__global__ void k502(float* p) { p[threadIdx.x] = 502; }
__global__ void k503(float* p) { p[threadIdx.x] = 503; }
__global__ void k504(float* p) { p[threadIdx.x] = 504; }
__global__ void k505(float* p) { p[threadIdx.x] = 505; }
__global__ void k506(float* p) { p[threadIdx.x] = 506; }
__global__ void k507(float* p) { p[threadIdx.x] = 507; }
__global__ void k508(float* p) { p[threadIdx.x] = 508; }
__global__ void k509(float* p) { p[threadIdx.x] = 509; }
__global__ void k510(float* p) { p[threadIdx.x] = 510; }
__global__ void k511(float* p) { p[threadIdx.x] = 511; }
__global__ void k512(float* p) { p[threadIdx.x] = 512; }
__global__ void k513(float* p) { p[threadIdx.x] = 513; }
__global__ void k514(float* p) { p[threadIdx.x] = 514; }
__global__ void k515(float* p) { p[threadIdx.x] = 515; }
__global__ void k516(float* p) { p[threadIdx.x] = 516; }
__global__ void k517(float* p) { p[threadIdx.x] = 517; }
__global__ void k518(float* p) { p[threadIdx.x] = 518; }
__global__ void k519(float* p) { p[threadIdx.x] = 519; }
__global__ void k520(float* p) { p[threadIdx.x] = 520; }
__global__ void k521(float* p) { p[threadIdx.x] = 521; }
__global__ void k522(float* p) { p[threadIdx.x] = 522; }
__global__ void k523(float* p) { p[threadIdx.x] = 523; }
__global__ void k524(float* p) { p[threadIdx.x] = 524; }
__global__ void k525(float* p) { p[threadIdx.x] = 525; }
__global__ void k526(float* p) { p[threadIdx.x] = 526; }
__global__ void k527(float* p) { p[threadIdx.x] = 527; }
__global__ void k528(float* p) { p[threadIdx.x] = 528; }
__global__ void k529(float* p) { p[threadIdx.x] = 529; }
__global__ void k530(float* p) { p[threadIdx.x] = 530; }
__global__ void k531(float* p) { p[threadIdx.x] = 531; }
__global__ void k532(float* p) { p[threadIdx.x] = 532; }
__global__ void k533(float* p) { p[threadIdx.x] = 533; }
__global__ void k534(float* p) { p[threadIdx.x] = 534; }
__global__ void k535(float* p) { p[threadIdx.x] = 535; }
__global__ void k536(float* p) { p[threadIdx.x] = 536; }
__global__ void k537(float* p) { p[threadIdx.x] = 537; }
__global__ void k538(float* p) { p[threadIdx.x] = 538; }
__global__ void k539(float* p) { p[threadIdx.x] = 539; }
__global__ void k540(float* p) { p[threadIdx.x] = 540; }
__global__ void k541(float* p) { p[threadIdx.x] = 541; }
__global__ void k542(float* p) { p[threadIdx.x] = 542; }
__global__ void k543(float* p) { p[threadIdx.x] = 543; }
__global__ void k544(float* p) { p[threadIdx.x] = 544; }
__global__ void k545(float* p) { p[threadIdx.x] = 545; }
__global__ void k546(float* p) { p[threadIdx.x] = 546; }
__global__ void k547(float* p) { p[threadIdx.x] = 547; }
__global__ void k548(float* p) { p[threadIdx.x] = 548; }
__global__ void k549(float* p) { p[threadIdx.x] = 549; }
__global__ void k550(float* p) { p[threadIdx.x] = 550; }
__global__ void k551(float* p) { p[threadIdx.x] = 551; }
__global__ void k552(float* p) { p[threadIdx.x] = 552; }
__global__ void k553(float* p) { p[threadIdx.x] = 553; }
__global__ void k554(float* p) { p[threadIdx.x] = 554; }
__global__ void k555(float* p) { p[threadIdx.x] = 555; }
__global__ void k556(float* p) { p[threadIdx.x] = 556; }
__global__ void k557(float* p) { p[threadIdx.x] = 557; }
__global__ void k558(float* p) { p[threadIdx.x] = 558; }
__global__ void k559(float* p) { p[threadIdx.x] = 559; }
__global__ void k560(float* p) { p[threadIdx.x] = 560; }
__global__ void k561(float* p) { p[threadIdx.x] = 561; }
__global__ void k562(float* p) { p[threadIdx.x] = 562; }
__global__ void k563(float* p) { p[threadIdx.x] = 563; }
__global__ void k564(float* p) { p[threadIdx.x] = 564; }
__global__ void k565(float* p) { p[threadIdx.x] = 565; }
__global__ void k566(float* p) { p[threadIdx.x] = 566; }
__global__ void k567(float* p) { p[threadIdx.x] = 567; }
__global__ void k568(float* p) { p[threadIdx.x] = 568; }
__global__ void k569(float* p) { p[threadIdx.x] = 569; }
__global__ void k570(float* p) { p[threadIdx.x] = 570; }
__global__ void k571(float* p) { p[threadIdx.x] = 571; }
__global__ void k572(float* p) { p[threadIdx.x] = 572; }
__global__ void k573(float* p) { p[threadIdx.x] = 573; }
__global__ void k574(float* p) { p[threadIdx.x] = 574; }
__global__ void k575(float* p) { p[threadIdx.x] = 575; }
__global__ void k576(float* p) { p[threadIdx.x] = 576; }
__global__ void k577(float* p) { p[threadIdx.x] = 577; }
__global__ void k578(float* p) { p[threadIdx.x] = 578; }
__global__ void k579(float* p) { p[threadIdx.x] = 579; }
__global__ void k580(float* p) { p[threadIdx.x] = 580; }
__global__ void k581(float* p) { p[threadIdx.x] = 581; }
__global__ void k582(float* p) { p[threadIdx.x] = 582; }
__global__ void k583(float* p) { p[threadIdx.x] = 583; }
__global__ void k584(float* p) { p[threadIdx.x] = 584; }
__global__ void k585(float* p) { p[threadIdx.x] = 585; }
__global__ void k586(float* p) { p[threadIdx.x] = 586; }
__global__ void k587(float* p) { p[threadIdx.x] = 587; }
__global__ void k588(float* p) { p[threadIdx.x] = 588; }
__global__ void k589(float* p) { p[threadIdx.x] = 589; }
__global__ void k590(float* p) { p[threadIdx.x] = 590; }
__global__ void k591(float* p) { p[threadIdx.x] = 591; }
__global__ void k592(float* p) { p[threadIdx.x] = 592; }
__global__ void k593(float* p) { p[threadIdx.x] = 593; }
__global__ void k594(float* p) { p[threadIdx.x] = 594; }
__global__ void k595(float* p) { p[threadIdx.x] = 595; }
__global__ void k596(float* p) { p[threadIdx.x] = 596; }
__global__ void k597(float* p) { p[threadIdx.x] = 597; }
__global__ void k598(float* p) { p[threadIdx.x] = 598; }
__global__ void k599(float* p) { p[threadIdx.x] = 599; }
__global__ void k600(float* p) { p[threadIdx.x] = 600; }
__global__ void k601(float* p) { p[threadIdx.x] = 601; }
__global__ void k602(float* p) { p[threadIdx.x] = 602; }
__global__ void k603(float* p) { p[threadIdx.x] = 603; }
__global__ void k604(float* p) { p[threadIdx.x] = 604; }
__global__ void k605(float* p) { p[threadIdx.x] = 605; }
__global__ void k606(float* p) { p[threadIdx.x] = 606; }
__global__ void k607(float* p) { p[threadIdx.x] = 607; }
__global__ void k608(float* p) { p[threadIdx.x] = 608; }
__global__ void k609(float* p) { p[threadIdx.x] = 609; }
__global__ void k610(float* p) { p[threadIdx.x] = 610; }
__global__ void k611(float* p) { p[threadIdx.x] = 611; }
__global__ void k612(float* p) { p[threadIdx.x] = 612; }
__global__ void k613(float* p) { p[threadIdx.x] = 613; }
__global__ void k614(float* p) { p[threadIdx.x] = 614; }
__global__ void k615(float* p) { p[threadIdx.x] = 615; }
__global__ void k616(float* p) { p[threadIdx.x] = 616; }
__global__ void k617(float* p) { p[threadIdx.x] = 617; }
__global__ void k618(float* p) { p[threadIdx.x] = 618; }
__global__ void k619(float* p) { p[threadIdx.x] = 619; }
__global__ void k620(float* p) { p[threadIdx.x] = 620; }
__global__ void k621(float* p) { p[threadIdx.x] = 621; }
__global__ void k622(float* p) { p[threadIdx.x] = 622; }
__global__ void k623(float* p) { p[threadIdx.x] = 623; }
__global__ void k624(float* p) { p[threadIdx.x] = 624; }
__global__ void k625(float* p) { p[threadIdx.x] = 625; }
__global__ void k626(float* p) { p[threadIdx.x] = 626; }
__global__ void k627(float* p) { p[threadIdx.x] = 627; }
__global__ void k628(float* p) { p[threadIdx.x] = 628; }
__global__ void k629(float* p) { p[threadIdx.x] = 629; }
__global__ void k630(float* p) { p[threadIdx.x] = 630; }
__global__ void k631(float* p) { p[threadIdx.x] = 631; }
__global__ void k632(float* p) { p[threadIdx.x] = 632; }
__global__ void k633(float* p) { p[threadIdx.x] = 633; }
__global__ void k634(float* p) { p[threadIdx.x] = 634; }
__global__ void k635(float* p) { p[threadIdx.x] = 635; }
__global__ void k636(float* p) { p[threadIdx.x] = 636; }
__global__ void k637(float* p) { p[threadIdx.x] = 637; }
__global__ void k638(float* p) { p[threadIdx.x] = 638; }
__global__ void k639(float* p) { p[threadIdx.x] = 639; }
__global__ void k640(float* p) { p[threadIdx.x] = 640; }
__global__ void k641(float* p) { p[threadIdx.x] = 641; }
__global__ void k642(float* p) { p[threadIdx.x] = 642; }
__global__ void k643(float* p) { p[threadIdx.x] = 643; }
__global__ void k644(float* p) { p[threadIdx.x] = 644; }
__global__ void k645(float* p) { p[threadIdx.x] = 645; }
__global__ void k646(float* p) { p[threadIdx.x] = 646; }
__global__ void k647(float* p) { p[threadIdx.x] = 647; }
__global__ void k648(float* p) { p[threadIdx.x] = 648; }
__global__ void k649(float* p) { p[threadIdx.x] = 649; }
__global__ void k650(float* p) { p[threadIdx.x] = 650; }
__global__ void k651(float* p) { p[threadIdx.x] = 651; }
__global__ void k652(float* p) { p[threadIdx.x] = 652; }
__global__ void k653(float* p) { p[threadIdx.x] = 653; }
__global__ void k654(float* p) { p[threadIdx.x] = 654; }
__global__ void k655(float* p) { p[threadIdx.x] = 655; }
__global__ void k656(float* p) { p[threadIdx.x] = 656; }
__global__ void k657(float* p) { p[threadIdx.x] = 657; }
__global__ void k658(float* p) { p[threadIdx.x] = 658; }
__global__ void k659(float* p) { p[threadIdx.x] = 659; }
__global__ void k660(float* p) { p[threadIdx.x] = 660; }
__global__ void k661(float* p) { p[threadIdx.x] = 661; }
__global__ void k662(float* p) { p[threadIdx.x] = 662; }
__global__ void k663(float* p) { p[threadIdx.x] = 663; }
__global__ void k664(float* p) { p[threadIdx.x] = 664; }
__global__ void k665(float* p) { p[threadIdx.x] = 665; }
__global__ void k666(float* p) { p[threadIdx.x] = 666; }
__global__ void k667(float* p) { p[threadIdx.x] = 667; }
__global__ void k668(float* p) { p[threadIdx.x] = 668; }
__global__ void k669(float* p) { p[threadIdx.x] = 669; }
__global__ void k670(float* p) { p[threadIdx.x] = 670; }
__global__ void k671(float* p) { p[threadIdx.x] = 671; }
__global__ void k672(float* p) { p[threadIdx.x] = 672; }
__global__ void k673(float* p) { p[threadIdx.x] = 673; }
__global__ void k674(float* p) { p[threadIdx.x] = 674; }
__global__ void k675(float* p) { p[threadIdx.x] = 675; }
__global__ void k676(float* p) { p[threadIdx.x] = 676; }
__global__ void k677(float* p) { p[threadIdx.x] = 677; }
__global__ void k678(float* p) { p[threadIdx.x] = 678; }
__global__ void k679(float* p) { p[threadIdx.x] = 679; }
__global__ void k680(float* p) { p[threadIdx.x] = 680; }
__global__ void k681(float* p) { p[threadIdx.x] = 681; }
__global__ void k682(float* p) { p[threadIdx.x] = 682; }
__global__ void k683(float* p) { p[threadIdx.x] = 683; }
__global__ void k684(float* p) { p[threadIdx.x] = 684; }
__global__ void k685(float* p) { p[threadIdx.x] = 685; }
__global__ void k686(float* p) { p[threadIdx.x] = 686; }
__global__ void k687(float* p) { p[threadIdx.x] = 687; }
__global__ void k688(float* p) { p[threadIdx.x] = 688; }
__global__ void k689(float* p) { p[threadIdx.x] = 689; }
__global__ void k690(float* p) { p[threadIdx.x] = 690; }
__global__ void k691(float* p) { p[threadIdx.x] = 691; }
__global__ void k692(float* p) { p[threadIdx.x] = 692; }
__global__ void k693(float* p) { p[threadIdx.x] = 693; }
__global__ void k694(float* p) { p[threadIdx.x] = 694; }
__global__ void k695(float* p) { p[threadIdx.x] = 695; }
__global__ void k696(float* p) { p[threadIdx.x] = 696; }
__global__ void k697(float* p) { p[threadIdx.x] = 697; }
__global__ void k698(float* p) { p[threadIdx.x] = 698; }
__global__ void k699(float* p) { p[threadIdx.x] = 699; }
__global__ void k700(float* p) { p[threadIdx.x] = 700; }
__global__ void k701(float* p) { p[threadIdx.x] = 701; }
__global__ void k702(float* p) { p[threadIdx.x] = 702; }
__global__ void k703(float* p) { p[threadIdx.x] = 703; }
__global__ void k704(float* p) { p[threadIdx.x] = 704; }
__global__ void k705(float* p) { p[threadIdx.x] = 705; }
__global__ void k706(float* p) { p[threadIdx.x] = 706; }
__global__ void k707(float* p) { p[threadIdx.x] = 707; }
__global__ void k708(float* p) { p[threadIdx.x] = 708; }
__global__ void k709(float* p) { p[threadIdx.x] = 709; }
__global__ void k710(float* p) { p[threadIdx.x] = 710; }
__global__ void k711(float* p) { p[threadIdx.x] = 711; }
__global__ void k712(float* p) { p[threadIdx.x] = 712; }
__global__ void k713(float* p) { p[threadIdx.x] = 713; }
__global__ void k714(float* p) { p[threadIdx.x] = 714; }
__global__ void k715(float* p) { p[threadIdx.x] = 715; }
__global__ void k716(float* p) { p[threadIdx.x] = 716; }
__global__ void k717(float* p) { p[threadIdx.x] = 717; }
__global__ void k718(float* p) { p[threadIdx.x] = 718; }
__global__ void k719(float* p) { p[threadIdx.x] = 719; }
__global__ void k720(float* p) { p[threadIdx.x] = 720; }
__global__ void k721(float* p) { p[threadIdx.x] = 721; }
__global__ void k722(float* p) { p[threadIdx.x] = 722; }
__global__ void k723(float* p) { p[threadIdx.x] = 723; }
__global__ void k724(float* p) { p[threadIdx.x] = 724; }
__global__ void k725(float* p) { p[threadIdx.x] = 725; }
__global__ void k726(float* p) { p[threadIdx.x] = 726; }
__global__ void k727(float* p) { p[threadIdx.x] = 727; }
__global__ void k728(float* p) { p[threadIdx.x] = 728; }
__global__ void k729(float* p) { p[threadIdx.x] = 729; }
__global__ void k730(float* p) { p[threadIdx.x] = 730; }
__global__ void k731(float* p) { p[threadIdx.x] = 731; }
__global__ void k732(float* p) { p[threadIdx.x] = 732; }
__global__ void k733(float* p) { p[threadIdx.x] = 733; }
__global__ void k734(float* p) { p[threadIdx.x] = 734; }
__global__ void k735(float* p) { p[threadIdx.x] = 735; }
__global__ void k736(float* p) { p[threadIdx.x] = 736; }
__global__ void k737(float* p) { p[threadIdx.x] = 737; }
__global__ void k738(float* p) { p[threadIdx.x] = 738; }
__global__ void k739(float* p) { p[threadIdx.x] = 739; }
__global__ void k740(float* p) { p[threadIdx.x] = 740; }
__global__ void k741(float* p) { p[threadIdx.x] = 741; }
__global__ void k742(float* p) { p[threadIdx.x] = 742; }
__global__ void k743(float* p) { p[threadIdx.x] = 743; }
__global__ void k744(float* p) { p[threadIdx.x] = 744; }
__global__ void k745(float* p) { p[threadIdx.x] = 745; }
__global__ void k746(float* p) { p[threadIdx.x] = 746; }
__global__ void k747(float* p) { p[threadIdx.x] = 747; }
__global__ void k748(float* p) { p[threadIdx.x] = 748; }
__global__ void k749(float* p) { p[threadIdx.x] = 749; }
__global__ void k750(float* p) { p[threadIdx.x] = 750; }
__global__ void k751(float* p) { p[threadIdx.x] = 751; }
__global__ void k752(float* p) { p[threadIdx.x] = 752; }
__global__ void k753(float* p) { p[threadIdx.x] = 753; }
__global__ void k754(float* p) { p[threadIdx.x] = 754; }
__global__ void k755(float* p) { p[threadIdx.x] = 755; }
__global__ void k756(float* p) { p[threadIdx.x] = 756; }
__global__ void k757(float* p) { p[threadIdx.x] = 757; }
__global__ void k758(float* p) { p[threadIdx.x] = 758; }
__global__ void k759(float* p) { p[threadIdx.x] = 759; }
__global__ void k760(float* p) { p[threadIdx.x] = 760; }
__global__ void k761(float* p) { p[threadIdx.x] = 761; }
__global__ void k762(float* p) { p[threadIdx.x] = 762; }
__global__ void k763(float* p) { p[threadIdx.x] = 763; }
__global__ void k764(float* p) { p[threadIdx.x] = 764; }
__global__ void k765(float* p) { p[threadIdx.x] = 765; }
__global__ void k766(float* p) { p[threadIdx.x] = 766; }
__global__ void k767(float* p) { p[threadIdx.x] = 767; }
__global__ void k768(float* p) { p[threadIdx.x] = 768; }
__global__ void k769(float* p) { p[threadIdx.x] = 769; }
__global__ void k770(float* p) { p[threadIdx.x] = 770; }
__global__ void k771(float* p) { p[threadIdx.x] = 771; }
__global__ void k772(float* p) { p[threadIdx.x] = 772; }
__global__ void k773(float* p) { p[threadIdx.x] = 773; }
__global__ void k774(float* p) { p[threadIdx.x] = 774; }
__global__ void k775(float* p) { p[threadIdx.x] = 775; }
__global__ void k776(float* p) { p[threadIdx.x] = 776; }
__global__ void k777(float* p) { p[threadIdx.x] = 777; }
__global__ void k778(float* p) { p[threadIdx.x] = 778; }
__global__ void k779(float* p) { p[threadIdx.x] = 779; }
__global__ void k780(float* p) { p[threadIdx.x] = 780; }
__global__ void k781(float* p) { p[threadIdx.x] = 781; }
__global__ void k782(float* p) { p[threadIdx.x] = 782; }
__global__ void k783(float* p) { p[threadIdx.x] = 783; }
__global__ void k784(float* p) { p[threadIdx.x] = 784; }
__global__ void k785(float* p) { p[threadIdx.x] = 785; }
__global__ void k786(float* p) { p[threadIdx.x] = 786; }
__global__ void k787(float* p) { p[threadIdx.x] = 787; }
__global__ void k788(float* p) { p[threadIdx.x] = 788; }
__global__ void k789(float* p) { p[threadIdx.x] = 789; }
__global__ void k790(float* p) { p[threadIdx.x] = 790; }
__global__ void k791(float* p) { p[threadIdx.x] = 791; }
__global__ void k792(float* p) { p[threadIdx.x] = 792; }
__global__ void k793(float* p) { p[threadIdx.x] = 793; }
__global__ void k794(float* p) { p[threadIdx.x] = 794; }
__global__ void k795(float* p) { p[threadIdx.x] = 795; }
__global__ void k796(float* p) { p[threadIdx.x] = 796; }
__global__ void k797(float* p) { p[threadIdx.x] = 797; }
__global__ void k798(float* p) { p[threadIdx.x] = 798; }
__global__ void k799(float* p) { p[threadIdx.x] = 799; }
__global__ void k800(float* p) { p[threadIdx.x] = 800; }
__global__ void k801(float* p) { p[threadIdx.x] = 801; }
__global__ void k802(float* p) { p[threadIdx.x] = 802; }
__global__ void k803(float* p) { p[threadIdx.x] = 803; }
__global__ void k804(float* p) { p[threadIdx.x] = 804; }
__global__ void k805(float* p) { p[threadIdx.x] = 805; }
__global__ void k806(float* p) { p[threadIdx.x] = 806; }
__global__ void k807(float* p) { p[threadIdx.x] = 807; }
__global__ void k808(float* p) { p[threadIdx.x] = 808; }
__global__ void k809(float* p) { p[threadIdx.x] = 809; }
__global__ void k810(float* p) { p[threadIdx.x] = 810; }
__global__ void k811(float* p) { p[threadIdx.x] = 811; }
__global__ void k812(float* p) { p[threadIdx.x] = 812; }
__global__ void k813(float* p) { p[threadIdx.x] = 813; }
__global__ void k814(float* p) { p[threadIdx.x] = 814; }
__global__ void k815(float* p) { p[threadIdx.x] = 815; }
__global__ void k816(float* p) { p[threadIdx.x] = 816; }
__global__ void k817(float* p) { p[threadIdx.x] = 817; }
__global__ void k818(float* p) { p[threadIdx.x] = 818; }
__global__ void k819(float* p) { p[threadIdx.x] = 819; }
__global__ void k820(float* p) { p[threadIdx.x] = 820; }
__global__ void k821(float* p) { p[threadIdx.x] = 821; }
__global__ void k822(float* p) { p[threadIdx.x] = 822; }
__global__ void k823(float* p) { p[threadIdx.x] = 823; }
__global__ void k824(float* p) { p[threadIdx.x] = 824; }
__global__ void k825(float* p) { p[threadIdx.x] = 825; }
__global__ void k826(float* p) { p[threadIdx.x] = 826; }
__global__ void k827(float* p) { p[threadIdx.x] = 827; }
__global__ void k828(float* p) { p[threadIdx.x] = 828; }
__global__ void k829(float* p) { p[threadIdx.x] = 829; }
__global__ void k830(float* p) { p[threadIdx.x] = 830; }
__global__ void k831(float* p) { p[threadIdx.x] = 831; }
__global__ void k832(float* p) { p[threadIdx.x] = 832; }
__global__ void k833(float* p) { p[threadIdx.x] = 833; }
__global__ void k834(float* p) { p[threadIdx.x] = 834; }
__global__ void k835(float* p) { p[threadIdx.x] = 835; }
__global__ void k836(float* p) { p[threadIdx.x] = 836; }
__global__ void k837(float* p) { p[threadIdx.x] = 837; }
__global__ void k838(float* p) { p[threadIdx.x] = 838; }
__global__ void k839(float* p) { p[threadIdx.x] = 839; }
__global__ void k840(float* p) { p[threadIdx.x] = 840; }
__global__ void k841(float* p) { p[threadIdx.x] = 841; }
__global__ void k842(float* p) { p[threadIdx.x] = 842; }
__global__ void k843(float* p) { p[threadIdx.x] = 843; }
__global__ void k844(float* p) { p[threadIdx.x] = 844; }
__global__ void k845(float* p) { p[threadIdx.x] = 845; }
__global__ void k846(float* p) { p[threadIdx.x] = 846; }
__global__ void k847(float* p) { p[threadIdx.x] = 847; }
__global__ void k848(float* p) { p[threadIdx.x] = 848; }
__global__ void k849(float* p) { p[threadIdx.x] = 849; }
__global__ void k850(float* p) { p[threadIdx.x] = 850; }
__global__ void k851(float* p) { p[threadIdx.x] = 851; }
__global__ void k852(float* p) { p[threadIdx.x] = 852; }
__global__ void k853(float* p) { p[threadIdx.x] = 853; }
__global__ void k854(float* p) { p[threadIdx.x] = 854; }
__global__ void k855(float* p) { p[threadIdx.x] = 855; }
__global__ void k856(float* p) { p[threadIdx.x] = 856; }
__global__ void k857(float* p) { p[threadIdx.x] = 857; }
__global__ void k858(float* p) { p[threadIdx.x] = 858; }
__global__ void k859(float* p) { p[threadIdx.x] = 859; }
__global__ void k860(float* p) { p[threadIdx.x] = 860; }
__global__ void k861(float* p) { p[threadIdx.x] = 861; }
__global__ void k862(float* p) { p[threadIdx.x] = 862; }
__global__ void k863(float* p) { p[threadIdx.x] = 863; }
__global__ void k864(float* p) { p[threadIdx.x] = 864; }
__global__ void k865(float* p) { p[threadIdx.x] = 865; }
__global__ void k866(float* p) { p[threadIdx.x] = 866; }
__global__ void k867(float* p) { p[threadIdx.x] = 867; }
__global__ void k868(float* p) { p[threadIdx.x] = 868; }
__global__ void k869(float* p) { p[threadIdx.x] = 869; }
__global__ void k870(float* p) { p[threadIdx.x] = 870; }
__global__ void k871(float* p) { p[threadIdx.x] = 871; }
__global__ void k872(float* p) { p[threadIdx.x] = 872; }
__global__ void k873(float* p) { p[threadIdx.x] = 873; }
__global__ void k874(float* p) { p[threadIdx.x] = 874; }
__global__ void k875(float* p) { p[threadIdx.x] = 875; }
__global__ void k876(float* p) { p[threadIdx.x] = 876; }
__global__ void k877(float* p) { p[threadIdx.x] = 877; }
__global__ void k878(float* p) { p[threadIdx.x] = 878; }
__global__ void k879(float* p) { p[threadIdx.x] = 879; }
__global__ void k880(float* p) { p[threadIdx.x] = 880; }
__global__ void k881(float* p) { p[threadIdx.x] = 881; }
__global__ void k882(float* p) { p[threadIdx.x] = 882; }
__global__ void k883(float* p) { p[threadIdx.x] = 883; }
__global__ void k884(float* p) { p[threadIdx.x] = 884; }
__global__ void k885(float* p) { p[threadIdx.x] = 885; }
__global__ void k886(float* p) { p[threadIdx.x] = 886; }
__global__ void k887(float* p) { p[threadIdx.x] = 887; }
__global__ void k888(float* p) { p[threadIdx.x] = 888; }
__global__ void k889(float* p) { p[threadIdx.x] = 889; }
__global__ void k890(float* p) { p[threadIdx.x] = 890; }
__global__ void k891(float* p) { p[threadIdx.x] = 891; }
__global__ void k892(float* p) { p[threadIdx.x] = 892; }
__global__ void k893(float* p) { p[threadIdx.x] = 893; }
__global__ void k894(float* p) { p[threadIdx.x] = 894; }
__global__ void k895(float* p) { p[threadIdx.x] = 895; }
__global__ void k896(float* p) { p[threadIdx.x] = 896; }
__global__ void k897(float* p) { p[threadIdx.x] = 897; }
__global__ void k898(float* p) { p[threadIdx.x] = 898; }
__global__ void k899(float* p) { p[threadIdx.x] = 899; }
__global__ void k900(float* p) { p[threadIdx.x] = 900; }
__global__ void k901(float* p) { p[threadIdx.x] = 901; }
__global__ void k902(float* p) { p[threadIdx.x] = 902; }
__global__ void k903(float* p) { p[threadIdx.x] = 903; }
__global__ void k904(float* p) { p[threadIdx.x] = 904; }
__global__ void k905(float* p) { p[threadIdx.x] = 905; }
__global__ void k906(float* p) { p[threadIdx.x] = 906; }
__global__ void k907(float* p) { p[threadIdx.x] = 907; }
__global__ void k908(float* p) { p[threadIdx.x] = 908; }
__global__ void k909(float* p) { p[threadIdx.x] = 909; }
__global__ void k910(float* p) { p[threadIdx.x] = 910; }
__global__ void k911(float* p) { p[threadIdx.x] = 911; }
__global__ void k912(float* p) { p[threadIdx.x] = 912; }
__global__ void k913(float* p) { p[threadIdx.x] = 913; }
__global__ void k914(float* p) { p[threadIdx.x] = 914; }
__global__ void k915(float* p) { p[threadIdx.x] = 915; }
__global__ void k916(float* p) { p[threadIdx.x] = 916; }
__global__ void k917(float* p) { p[threadIdx.x] = 917; }
__global__ void k918(float* p) { p[threadIdx.x] = 918; }
__global__ void k919(float* p) { p[threadIdx.x] = 919; }
__global__ void k920(float* p) { p[threadIdx.x] = 920; }
__global__ void k921(float* p) { p[threadIdx.x] = 921; }
__global__ void k922(float* p) { p[threadIdx.x] = 922; }
__global__ void k923(float* p) { p[threadIdx.x] = 923; }
__global__ void k924(float* p) { p[threadIdx.x] = 924; }
__global__ void k925(float* p) { p[threadIdx.x] = 925; }
__global__ void k926(float* p) { p[threadIdx.x] = 926; }
__global__ void k927(float* p) { p[threadIdx.x] = 927; }
__global__ void k928(float* p) { p[threadIdx.x] = 928; }
__global__ void k929(float* p) { p[threadIdx.x] = 929; }
__global__ void k930(float* p) { p[threadIdx.x] = 930; }
__global__ void k931(float* p) { p[threadIdx.x] = 931; }
__global__ void k932(float* p) { p[threadIdx.x] = 932; }
__global__ void k933(float* p) { p[threadIdx.x] = 933; }
__global__ void k934(float* p) { p[threadIdx.x] = 934; }
__global__ void k935(float* p) { p[threadIdx.x] = 935; }
__global__ void k936(float* p) { p[threadIdx.x] = 936; }
__global__ void k937(float* p) { p[threadIdx.x] = 937; }
__global__ void k938(float* p) { p[threadIdx.x] = 938; }
__global__ void k939(float* p) { p[threadIdx.x] = 939; }
__global__ void k940(float* p) { p[threadIdx.x] = 940; }
__global__ void k941(float* p) { p[threadIdx.x] = 941; }
__global__ void k942(float* p) { p[threadIdx.x] = 942; }
__global__ void k943(float* p) { p[threadIdx.x] = 943; }
__global__ void k944(float* p) { p[threadIdx.x] = 944; }
__global__ void k945(float* p) { p[threadIdx.x] = 945; }
__global__ void k946(float* p) { p[threadIdx.x] = 946; }
__global__ void k947(float* p) { p[threadIdx.x] = 947; }
__global__ void k948(float* p) { p[threadIdx.x] = 948; }
__global__ void k949(float* p) { p[threadIdx.x] = 949; }
__global__ void k950(float* p) { p[threadIdx.x] = 950; }
__global__ void k951(float* p) { p[threadIdx.x] = 951; }
__global__ void k952(float* p) { p[threadIdx.x] = 952; }
__global__ void k953(float* p) { p[threadIdx.x] = 953; }
__global__ void k954(float* p) { p[threadIdx.x] = 954; }
__global__ void k955(float* p) { p[threadIdx.x] = 955; }
__global__ void k956(float* p) { p[threadIdx.x] = 956; }
__global__ void k957(float* p) { p[threadIdx.x] = 957; }
__global__ void k958(float* p) { p[threadIdx.x] = 958; }
__global__ void k959(float* p) { p[threadIdx.x] = 959; }
__global__ void k960(float* p) { p[threadIdx.x] = 960; }
__global__ void k961(float* p) { p[threadIdx.x] = 961; }
__global__ void k962(float* p) { p[threadIdx.x] = 962; }
__global__ void k963(float* p) { p[threadIdx.x] = 963; }
__global__ void k964(float* p) { p[threadIdx.x] = 964; }
__global__ void k965(float* p) { p[threadIdx.x] = 965; }
__global__ void k966(float* p) { p[threadIdx.x] = 966; }
__global__ void k967(float* p) { p[threadIdx.x] = 967; }
__global__ void k968(float* p) { p[threadIdx.x] = 968; }
__global__ void k969(float* p) { p[threadIdx.x] = 969; }
__global__ void k970(float* p) { p[threadIdx.x] = 970; }
__global__ void k971(float* p) { p[threadIdx.x] = 971; }
__global__ void k972(float* p) { p[threadIdx.x] = 972; }
__global__ void k973(float* p) { p[threadIdx.x] = 973; }
__global__ void k974(float* p) { p[threadIdx.x] = 974; }
__global__ void k975(float* p) { p[threadIdx.x] = 975; }
__global__ void k976(float* p) { p[threadIdx.x] = 976; }
__global__ void k977(float* p) { p[threadIdx.x] = 977; }
__global__ void k978(float* p) { p[threadIdx.x] = 978; }
__global__ void k979(float* p) { p[threadIdx.x] = 979; }
__global__ void k980(float* p) { p[threadIdx.x] = 980; }
__global__ void k981(float* p) { p[threadIdx.x] = 981; }
__global__ void k982(float* p) { p[threadIdx.x] = 982; }
__global__ void k983(float* p) { p[threadIdx.x] = 983; }
__global__ void k984(float* p) { p[threadIdx.x] = 984; }
__global__ void k985(float* p) { p[threadIdx.x] = 985; }
__global__ void k986(float* p) { p[threadIdx.x] = 986; }
__global__ void k987(float* p) { p[threadIdx.x] = 987; }
__global__ void k988(float* p) { p[threadIdx.x] = 988; }
__global__ void k989(float* p) { p[threadIdx.x] = 989; }
__global__ void k990(float* p) { p[threadIdx.x] = 990; }
__global__ void k991(float* p) { p[threadIdx.x] = 991; }
__global__ void k992(float* p) { p[threadIdx.x] = 992; }
__global__ void k993(float* p) { p[threadIdx.x] = 993; }
__global__ void k994(float* p) { p[threadIdx.x] = 994; }
__global__ void k995(float* p) { p[threadIdx.x] = 995; }
__global__ void k996(float* p) { p[threadIdx.x] = 996; }
__global__ void k997(float* p) { p[threadIdx.x] = 997; }
__global__ void k998(float* p) { p[threadIdx.x] = 998; }
__global__ void k999(float* p) { p[threadIdx.x] = 999; }
__global__ void k1000(float* p) { p[threadIdx.x] = 1000; }
__global__ void k1001(float* p) { p[threadIdx.x] = 1001; }
__global__ void k1002(float* p) { p[threadIdx.x] = 1002; }
__global__ void k1003(float* p) { p[threadIdx.x] = 1003; }
__global__ void k1004(float* p) { p[threadIdx.x] = 1004; }
__global__ void k1005(float* p) { p[threadIdx.x] = 1005; }
__global__ void k1006(float* p) { p[threadIdx.x] = 1006; }
__global__ void k1007(float* p) { p[threadIdx.x] = 1007; }
__global__ void k1008(float* p) { p[threadIdx.x] = 1008; }
__global__ void k1009(float* p) { p[threadIdx.x] = 1009; }
__global__ void k1010(float* p) { p[threadIdx.x] = 1010; }
__global__ void k1011(float* p) { p[threadIdx.x] = 1011; }
__global__ void k1012(float* p) { p[threadIdx.x] = 1012; }
__global__ void k1013(float* p) { p[threadIdx.x] = 1013; }
__global__ void k1014(float* p) { p[threadIdx.x] = 1014; }
__global__ void k1015(float* p) { p[threadIdx.x] = 1015; }
__global__ void k1016(float* p) { p[threadIdx.x] = 1016; }
__global__ void k1017(float* p) { p[threadIdx.x] = 1017; }
__global__ void k1018(float* p) { p[threadIdx.x] = 1018; }
__global__ void k1019(float* p) { p[threadIdx.x] = 1019; }
__global__ void k1020(float* p) { p[threadIdx.x] = 1020; }
__global__ void k1021(float* p) { p[threadIdx.x] = 1021; }
__global__ void k1022(float* p) { p[threadIdx.x] = 1022; }
__global__ void k1023(float* p) { p[threadIdx.x] = 1023; }
__global__ void k1024(float* p) { p[threadIdx.x] = 1024; }
__global__ void k1025(float* p) { p[threadIdx.x] = 1025; }
__global__ void k1026(float* p) { p[threadIdx.x] = 1026; }
__global__ void k1027(float* p) { p[threadIdx.x] = 1027; }
__global__ void k1028(float* p) { p[threadIdx.x] = 1028; }
__global__ void k1029(float* p) { p[threadIdx.x] = 1029; }
__global__ void k1030(float* p) { p[threadIdx.x] = 1030; }
__global__ void k1031(float* p) { p[threadIdx.x] = 1031; }
__global__ void k1032(float* p) { p[threadIdx.x] = 1032; }
__global__ void k1033(float* p) { p[threadIdx.x] = 1033; }
__global__ void k1034(float* p) { p[threadIdx.x] = 1034; }
__global__ void k1035(float* p) { p[threadIdx.x] = 1035; }
__global__ void k1036(float* p) { p[threadIdx.x] = 1036; }
__global__ void k1037(float* p) { p[threadIdx.x] = 1037; }
__global__ void k1038(float* p) { p[threadIdx.x] = 1038; }
__global__ void k1039(float* p) { p[threadIdx.x] = 1039; }
__global__ void k1040(float* p) { p[threadIdx.x] = 1040; }
__global__ void k1041(float* p) { p[threadIdx.x] = 1041; }
__global__ void k1042(float* p) { p[threadIdx.x] = 1042; }
__global__ void k1043(float* p) { p[threadIdx.x] = 1043; }
__global__ void k1044(float* p) { p[threadIdx.x] = 1044; }
__global__ void k1045(float* p) { p[threadIdx.x] = 1045; }
__global__ void k1046(float* p) { p[threadIdx.x] = 1046; }
__global__ void k1047(float* p) { p[threadIdx.x] = 1047; }
__global__ void k1048(float* p) { p[threadIdx.x] = 1048; }
__global__ void k1049(float* p) { p[threadIdx.x] = 1049; }
__global__ void k1050(float* p) { p[threadIdx.x] = 1050; }
__global__ void k1051(float* p) { p[threadIdx.x] = 1051; }
__global__ void k1052(float* p) { p[threadIdx.x] = 1052; }
__global__ void k1053(float* p) { p[threadIdx.x] = 1053; }
__global__ void k1054(float* p) { p[threadIdx.x] = 1054; }
__global__ void k1055(float* p) { p[threadIdx.x] = 1055; }
__global__ void k1056(float* p) { p[threadIdx.x] = 1056; }
__global__ void k1057(float* p) { p[threadIdx.x] = 1057; }
__global__ void k1058(float* p) { p[threadIdx.x] = 1058; }
__global__ void k1059(float* p) { p[threadIdx.x] = 1059; }
__global__ void k1060(float* p) { p[threadIdx.x] = 1060; }
__global__ void k1061(float* p) { p[threadIdx.x] = 1061; }
__global__ void k1062(float* p) { p[threadIdx.x] = 1062; }
__global__ void k1063(float* p) { p[threadIdx.x] = 1063; }
__global__ void k1064(float* p) { p[threadIdx.x] = 1064; }
__global__ void k1065(float* p) { p[threadIdx.x] = 1065; }
__global__ void k1066(float* p) { p[threadIdx.x] = 1066; }
__global__ void k1067(float* p) { p[threadIdx.x] = 1067; }
__global__ void k1068(float* p) { p[threadIdx.x] = 1068; }
__global__ void k1069(float* p) { p[threadIdx.x] = 1069; }
__global__ void k1070(float* p) { p[threadIdx.x] = 1070; }
__global__ void k1071(float* p) { p[threadIdx.x] = 1071; }
__global__ void k1072(float* p) { p[threadIdx.x] = 1072; }
__global__ void k1073(float* p) { p[threadIdx.x] = 1073; }
__global__ void k1074(float* p) { p[threadIdx.x] = 1074; }
__global__ void k1075(float* p) { p[threadIdx.x] = 1075; }
__global__ void k1076(float* p) { p[threadIdx.x] = 1076; }
__global__ void k1077(float* p) { p[threadIdx.x] = 1077; }
__global__ void k1078(float* p) { p[threadIdx.x] = 1078; }
__global__ void k1079(float* p) { p[threadIdx.x] = 1079; }
__global__ void k1080(float* p) { p[threadIdx.x] = 1080; }
__global__ void k1081(float* p) { p[threadIdx.x] = 1081; }
__global__ void k1082(float* p) { p[threadIdx.x] = 1082; }
__global__ void k1083(float* p) { p[threadIdx.x] = 1083; }
__global__ void k1084(float* p) { p[threadIdx.x] = 1084; }
__global__ void k1085(float* p) { p[threadIdx.x] = 1085; }
__global__ void k1086(float* p) { p[threadIdx.x] = 1086; }
__global__ void k1087(float* p) { p[threadIdx.x] = 1087; }
__global__ void k1088(float* p) { p[threadIdx.x] = 1088; }
__global__ void k1089(float* p) { p[threadIdx.x] = 1089; }
__global__ void k1090(float* p) { p[threadIdx.x] = 1090; }
__global__ void k1091(float* p) { p[threadIdx.x] = 1091; }
__global__ void k1092(float* p) { p[threadIdx.x] = 1092; }
__global__ void k1093(float* p) { p[threadIdx.x] = 1093; }
__global__ void k1094(float* p) { p[threadIdx.x] = 1094; }
__global__ void k1095(float* p) { p[threadIdx.x] = 1095; }
__global__ void k1096(float* p) { p[threadIdx.x] = 1096; }
__global__ void k1097(float* p) { p[threadIdx.x] = 1097; }
__global__ void k1098(float* p) { p[threadIdx.x] = 1098; }
__global__ void k1099(float* p) { p[threadIdx.x] = 1099; }
__global__ void k1100(float* p) { p[threadIdx.x] = 1100; }
__global__ void k1101(float* p) { p[threadIdx.x] = 1101; }
__global__ void k1102(float* p) { p[threadIdx.x] = 1102; }
__global__ void k1103(float* p) { p[threadIdx.x] = 1103; }
__global__ void k1104(float* p) { p[threadIdx.x] = 1104; }
__global__ void k1105(float* p) { p[threadIdx.x] = 1105; }
__global__ void k1106(float* p) { p[threadIdx.x] = 1106; }
__global__ void k1107(float* p) { p[threadIdx.x] = 1107; }
__global__ void k1108(float* p) { p[threadIdx.x] = 1108; }
__global__ void k1109(float* p) { p[threadIdx.x] = 1109; }
__global__ void k1110(float* p) { p[threadIdx.x] = 1110; }
__global__ void k1111(float* p) { p[threadIdx.x] = 1111; }
__global__ void k1112(float* p) { p[threadIdx.x] = 1112; }
__global__ void k1113(float* p) { p[threadIdx.x] = 1113; }
__global__ void k1114(float* p) { p[threadIdx.x] = 1114; }
__global__ void k1115(float* p) { p[threadIdx.x] = 1115; }
__global__ void k1116(float* p) { p[threadIdx.x] = 1116; }
__global__ void k1117(float* p) { p[threadIdx.x] = 1117; }
__global__ void k1118(float* p) { p[threadIdx.x] = 1118; }
__global__ void k1119(float* p) { p[threadIdx.x] = 1119; }
__global__ void k1120(float* p) { p[threadIdx.x] = 1120; }
__global__ void k1121(float* p) { p[threadIdx.x] = 1121; }
__global__ void k1122(float* p) { p[threadIdx.x] = 1122; }
__global__ void k1123(float* p) { p[threadIdx.x] = 1123; }
__global__ void k1124(float* p) { p[threadIdx.x] = 1124; }
__global__ void k1125(float* p) { p[threadIdx.x] = 1125; }
__global__ void k1126(float* p) { p[threadIdx.x] = 1126; }
__global__ void k1127(float* p) { p[threadIdx.x] = 1127; }
__global__ void k1128(float* p) { p[threadIdx.x] = 1128; }
__global__ void k1129(float* p) { p[threadIdx.x] = 1129; }
__global__ void k1130(float* p) { p[threadIdx.x] = 1130; }
__global__ void k1131(float* p) { p[threadIdx.x] = 1131; }
__global__ void k1132(float* p) { p[threadIdx.x] = 1132; }
__global__ void k1133(float* p) { p[threadIdx.x] = 1133; }
__global__ void k1134(float* p) { p[threadIdx.x] = 1134; }
__global__ void k1135(float* p) { p[threadIdx.x] = 1135; }
__global__ void k1136(float* p) { p[threadIdx.x] = 1136; }
__global__ void k1137(float* p) { p[threadIdx.x] = 1137; }
__global__ void k1138(float* p) { p[threadIdx.x] = 1138; }
__global__ void k1139(float* p) { p[threadIdx.x] = 1139; }
__global__ void k1140(float* p) { p[threadIdx.x] = 1140; }
__global__ void k1141(float* p) { p[threadIdx.x] = 1141; }
__global__ void k1142(float* p) { p[threadIdx.x] = 1142; }
__global__ void k1143(float* p) { p[threadIdx.x] = 1143; }
__global__ void k1144(float* p) { p[threadIdx.x] = 1144; }
__global__ void k1145(float* p) { p[threadIdx.x] = 1145; }
__global__ void k1146(float* p) { p[threadIdx.x] = 1146; }
__global__ void k1147(float* p) { p[threadIdx.x] = 1147; }
__global__ void k1148(float* p) { p[threadIdx.x] = 1148; }
__global__ void k1149(float* p) { p[threadIdx.x] = 1149; }
__global__ void k1150(float* p) { p[threadIdx.x] = 1150; }
__global__ void k1151(float* p) { p[threadIdx.x] = 1151; }
__global__ void k1152(float* p) { p[threadIdx.x] = 1152; }
__global__ void k1153(float* p) { p[threadIdx.x] = 1153; }
__global__ void k1154(float* p) { p[threadIdx.x] = 1154; }
__global__ void k1155(float* p) { p[threadIdx.x] = 1155; }
__global__ void k1156(float* p) { p[threadIdx.x] = 1156; }
__global__ void k1157(float* p) { p[threadIdx.x] = 1157; }
__global__ void k1158(float* p) { p[threadIdx.x] = 1158; }
__global__ void k1159(float* p) { p[threadIdx.x] = 1159; }
__global__ void k1160(float* p) { p[threadIdx.x] = 1160; }
__global__ void k1161(float* p) { p[threadIdx.x] = 1161; }
__global__ void k1162(float* p) { p[threadIdx.x] = 1162; }
__global__ void k1163(float* p) { p[threadIdx.x] = 1163; }
__global__ void k1164(float* p) { p[threadIdx.x] = 1164; }
__global__ void k1165(float* p) { p[threadIdx.x] = 1165; }
__global__ void k1166(float* p) { p[threadIdx.x] = 1166; }
__global__ void k1167(float* p) { p[threadIdx.x] = 1167; }
__global__ void k1168(float* p) { p[threadIdx.x] = 1168; }
__global__ void k1169(float* p) { p[threadIdx.x] = 1169; }
__global__ void k1170(float* p) { p[threadIdx.x] = 1170; }
__global__ void k1171(float* p) { p[threadIdx.x] = 1171; }
__global__ void k1172(float* p) { p[threadIdx.x] = 1172; }
__global__ void k1173(float* p) { p[threadIdx.x] = 1173; }
__global__ void k1174(float* p) { p[threadIdx.x] = 1174; }
__global__ void k1175(float* p) { p[threadIdx.x] = 1175; }
__global__ void k1176(float* p) { p[threadIdx.x] = 1176; }
__global__ void k1177(float* p) { p[threadIdx.x] = 1177; }
__global__ void k1178(float* p) { p[threadIdx.x] = 1178; }
__global__ void k1179(float* p) { p[threadIdx.x] = 1179; }
__global__ void k1180(float* p) { p[threadIdx.x] = 1180; }
__global__ void k1181(float* p) { p[threadIdx.x] = 1181; }
__global__ void k1182(float* p) { p[threadIdx.x] = 1182; }
__global__ void k1183(float* p) { p[threadIdx.x] = 1183; }
__global__ void k1184(float* p) { p[threadIdx.x] = 1184; }
__global__ void k1185(float* p) { p[threadIdx.x] = 1185; }
__global__ void k1186(float* p) { p[threadIdx.x] = 1186; }
__global__ void k1187(float* p) { p[threadIdx.x] = 1187; }
__global__ void k1188(float* p) { p[threadIdx.x] = 1188; }
__global__ void k1189(float* p) { p[threadIdx.x] = 1189; }
__global__ void k1190(float* p) { p[threadIdx.x] = 1190; }
__global__ void k1191(float* p) { p[threadIdx.x] = 1191; }
__global__ void k1192(float* p) { p[threadIdx.x] = 1192; }
__global__ void k1193(float* p) { p[threadIdx.x] = 1193; }
__global__ void k1194(float* p) { p[threadIdx.x] = 1194; }
__global__ void k1195(float* p) { p[threadIdx.x] = 1195; }
__global__ void k1196(float* p) { p[threadIdx.x] = 1196; }
__global__ void k1197(float* p) { p[threadIdx.x] = 1197; }
__global__ void k1198(float* p) { p[threadIdx.x] = 1198; }
__global__ void k1199(float* p) { p[threadIdx.x] = 1199; }
__global__ void k1200(float* p) { p[threadIdx.x] = 1200; }
__global__ void k1201(float* p) { p[threadIdx.x] = 1201; }
__global__ void k1202(float* p) { p[threadIdx.x] = 1202; }
__global__ void k1203(float* p) { p[threadIdx.x] = 1203; }
__global__ void k1204(float* p) { p[threadIdx.x] = 1204; }
__global__ void k1205(float* p) { p[threadIdx.x] = 1205; }
__global__ void k1206(float* p) { p[threadIdx.x] = 1206; }
__global__ void k1207(float* p) { p[threadIdx.x] = 1207; }
__global__ void k1208(float* p) { p[threadIdx.x] = 1208; }
__global__ void k1209(float* p) { p[threadIdx.x] = 1209; }
__global__ void k1210(float* p) { p[threadIdx.x] = 1210; }
__global__ void k1211(float* p) { p[threadIdx.x] = 1211; }
__global__ void k1212(float* p) { p[threadIdx.x] = 1212; }
__global__ void k1213(float* p) { p[threadIdx.x] = 1213; }
__global__ void k1214(float* p) { p[threadIdx.x] = 1214; }
__global__ void k1215(float* p) { p[threadIdx.x] = 1215; }
__global__ void k1216(float* p) { p[threadIdx.x] = 1216; }
__global__ void k1217(float* p) { p[threadIdx.x] = 1217; }
__global__ void k1218(float* p) { p[threadIdx.x] = 1218; }
__global__ void k1219(float* p) { p[threadIdx.x] = 1219; }
__global__ void k1220(float* p) { p[threadIdx.x] = 1220; }
__global__ void k1221(float* p) { p[threadIdx.x] = 1221; }
__global__ void k1222(float* p) { p[threadIdx.x] = 1222; }
__global__ void k1223(float* p) { p[threadIdx.x] = 1223; }
__global__ void k1224(float* p) { p[threadIdx.x] = 1224; }
__global__ void k1225(float* p) { p[threadIdx.x] = 1225; }
__global__ void k1226(float* p) { p[threadIdx.x] = 1226; }
__global__ void k1227(float* p) { p[threadIdx.x] = 1227; }
__global__ void k1228(float* p) { p[threadIdx.x] = 1228; }
__global__ void k1229(float* p) { p[threadIdx.x] = 1229; }
__global__ void k1230(float* p) { p[threadIdx.x] = 1230; }
__global__ void k1231(float* p) { p[threadIdx.x] = 1231; }
__global__ void k1232(float* p) { p[threadIdx.x] = 1232; }
__global__ void k1233(float* p) { p[threadIdx.x] = 1233; }
__global__ void k1234(float* p) { p[threadIdx.x] = 1234; }
__global__ void k1235(float* p) { p[threadIdx.x] = 1235; }
__global__ void k1236(float* p) { p[threadIdx.x] = 1236; }
__global__ void k1237(float* p) { p[threadIdx.x] = 1237; }
__global__ void k1238(float* p) { p[threadIdx.x] = 1238; }
__global__ void k1239(float* p) { p[threadIdx.x] = 1239; }
__global__ void k1240(float* p) { p[threadIdx.x] = 1240; }
__global__ void k1241(float* p) { p[threadIdx.x] = 1241; }
__global__ void k1242(float* p) { p[threadIdx.x] = 1242; }
__global__ void k1243(float* p) { p[threadIdx.x] = 1243; }
__global__ void k1244(float* p) { p[threadIdx.x] = 1244; }
__global__ void k1245(float* p) { p[threadIdx.x] = 1245; }
__global__ void k1246(float* p) { p[threadIdx.x] = 1246; }
__global__ void k1247(float* p) { p[threadIdx.x] = 1247; }
__global__ void k1248(float* p) { p[threadIdx.x] = 1248; }
__global__ void k1249(float* p) { p[threadIdx.x] = 1249; }
__global__ void k1250(float* p) { p[threadIdx.x] = 1250; }
__global__ void k1251(float* p) { p[threadIdx.x] = 1251; }
__global__ void k1252(float* p) { p[threadIdx.x] = 1252; }
__global__ void k1253(float* p) { p[threadIdx.x] = 1253; }
__global__ void k1254(float* p) { p[threadIdx.x] = 1254; }
__global__ void k1255(float* p) { p[threadIdx.x] = 1255; }
__global__ void k1256(float* p) { p[threadIdx.x] = 1256; }
__global__ void k1257(float* p) { p[threadIdx.x] = 1257; }
__global__ void k1258(float* p) { p[threadIdx.x] = 1258; }
__global__ void k1259(float* p) { p[threadIdx.x] = 1259; }
__global__ void k1260(float* p) { p[threadIdx.x] = 1260; }
__global__ void k1261(float* p) { p[threadIdx.x] = 1261; }
__global__ void k1262(float* p) { p[threadIdx.x] = 1262; }
__global__ void k1263(float* p) { p[threadIdx.x] = 1263; }
__global__ void k1264(float* p) { p[threadIdx.x] = 1264; }
__global__ void k1265(float* p) { p[threadIdx.x] = 1265; }
__global__ void k1266(float* p) { p[threadIdx.x] = 1266; }
__global__ void k1267(float* p) { p[threadIdx.x] = 1267; }
__global__ void k1268(float* p) { p[threadIdx.x] = 1268; }
__global__ void k1269(float* p) { p[threadIdx.x] = 1269; }
__global__ void k1270(float* p) { p[threadIdx.x] = 1270; }
__global__ void k1271(float* p) { p[threadIdx.x] = 1271; }
__global__ void k1272(float* p) { p[threadIdx.x] = 1272; }
__global__ void k1273(float* p) { p[threadIdx.x] = 1273; }
__global__ void k1274(float* p) { p[threadIdx.x] = 1274; }
__global__ void k1275(float* p) { p[threadIdx.x] = 1275; }
__global__ void k1276(float* p) { p[threadIdx.x] = 1276; }
__global__ void k1277(float* p) { p[threadIdx.x] = 1277; }
__global__ void k1278(float* p) { p[threadIdx.x] = 1278; }
__global__ void k1279(float* p) { p[threadIdx.x] = 1279; }
__global__ void k1280(float* p) { p[threadIdx.x] = 1280; }
__global__ void k1281(float* p) { p[threadIdx.x] = 1281; }
__global__ void k1282(float* p) { p[threadIdx.x] = 1282; }
__global__ void k1283(float* p) { p[threadIdx.x] = 1283; }
__global__ void k1284(float* p) { p[threadIdx.x] = 1284; }
__global__ void k1285(float* p) { p[threadIdx.x] = 1285; }
__global__ void k1286(float* p) { p[threadIdx.x] = 1286; }
__global__ void k1287(float* p) { p[threadIdx.x] = 1287; }
__global__ void k1288(float* p) { p[threadIdx.x] = 1288; }
__global__ void k1289(float* p) { p[threadIdx.x] = 1289; }
__global__ void k1290(float* p) { p[threadIdx.x] = 1290; }
__global__ void k1291(float* p) { p[threadIdx.x] = 1291; }
__global__ void k1292(float* p) { p[threadIdx.x] = 1292; }
__global__ void k1293(float* p) { p[threadIdx.x] = 1293; }
__global__ void k1294(float* p) { p[threadIdx.x] = 1294; }
__global__ void k1295(float* p) { p[threadIdx.x] = 1295; }
__global__ void k1296(float* p) { p[threadIdx.x] = 1296; }
__global__ void k1297(float* p) { p[threadIdx.x] = 1297; }
__global__ void k1298(float* p) { p[threadIdx.x] = 1298; }
__global__ void k1299(float* p) { p[threadIdx.x] = 1299; }
__global__ void k1300(float* p) { p[threadIdx.x] = 1300; }
__global__ void k1301(float* p) { p[threadIdx.x] = 1301; }
__global__ void k1302(float* p) { p[threadIdx.x] = 1302; }
__global__ void k1303(float* p) { p[threadIdx.x] = 1303; }
__global__ void k1304(float* p) { p[threadIdx.x] = 1304; }
__global__ void k1305(float* p) { p[threadIdx.x] = 1305; }
__global__ void k1306(float* p) { p[threadIdx.x] = 1306; }
__global__ void k1307(float* p) { p[threadIdx.x] = 1307; }
__global__ void k1308(float* p) { p[threadIdx.x] = 1308; }
__global__ void k1309(float* p) { p[threadIdx.x] = 1309; }
__global__ void k1310(float* p) { p[threadIdx.x] = 1310; }
__global__ void k1311(float* p) { p[threadIdx.x] = 1311; }
__global__ void k1312(float* p) { p[threadIdx.x] = 1312; }
__global__ void k1313(float* p) { p[threadIdx.x] = 1313; }
__global__ void k1314(float* p) { p[threadIdx.x] = 1314; }
__global__ void k1315(float* p) { p[threadIdx.x] = 1315; }
__global__ void k1316(float* p) { p[threadIdx.x] = 1316; }
__global__ void k1317(float* p) { p[threadIdx.x] = 1317; }
__global__ void k1318(float* p) { p[threadIdx.x] = 1318; }
__global__ void k1319(float* p) { p[threadIdx.x] = 1319; }
__global__ void k1320(float* p) { p[threadIdx.x] = 1320; }
__global__ void k1321(float* p) { p[threadIdx.x] = 1321; }
__global__ void k1322(float* p) { p[threadIdx.x] = 1322; }
__global__ void k1323(float* p) { p[threadIdx.x] = 1323; }
__global__ void k1324(float* p) { p[threadIdx.x] = 1324; }
__global__ void k1325(float* p) { p[threadIdx.x] = 1325; }
__global__ void k1326(float* p) { p[threadIdx.x] = 1326; }
__global__ void k1327(float* p) { p[threadIdx.x] = 1327; }
__global__ void k1328(float* p) { p[threadIdx.x] = 1328; }
__global__ void k1329(float* p) { p[threadIdx.x] = 1329; }
__global__ void k1330(float* p) { p[threadIdx.x] = 1330; }
__global__ void k1331(float* p) { p[threadIdx.x] = 1331; }
__global__ void k1332(float* p) { p[threadIdx.x] = 1332; }
__global__ void k1333(float* p) { p[threadIdx.x] = 1333; }
__global__ void k1334(float* p) { p[threadIdx.x] = 1334; }
__global__ void k1335(float* p) { p[threadIdx.x] = 1335; }
__global__ void k1336(float* p) { p[threadIdx.x] = 1336; }
__global__ void k1337(float* p) { p[threadIdx.x] = 1337; }
__global__ void k1338(float* p) { p[threadIdx.x] = 1338; }
__global__ void k1339(float* p) { p[threadIdx.x] = 1339; }
__global__ void k1340(float* p) { p[threadIdx.x] = 1340; }
__global__ void k1341(float* p) { p[threadIdx.x] = 1341; }
__global__ void k1342(float* p) { p[threadIdx.x] = 1342; }
__global__ void k1343(float* p) { p[threadIdx.x] = 1343; }
__global__ void k1344(float* p) { p[threadIdx.x] = 1344; }
__global__ void k1345(float* p) { p[threadIdx.x] = 1345; }
__global__ void k1346(float* p) { p[threadIdx.x] = 1346; }
__global__ void k1347(float* p) { p[threadIdx.x] = 1347; }
__global__ void k1348(float* p) { p[threadIdx.x] = 1348; }
__global__ void k1349(float* p) { p[threadIdx.x] = 1349; }
__global__ void k1350(float* p) { p[threadIdx.x] = 1350; }
__global__ void k1351(float* p) { p[threadIdx.x] = 1351; }
__global__ void k1352(float* p) { p[threadIdx.x] = 1352; }
__global__ void k1353(float* p) { p[threadIdx.x] = 1353; }
__global__ void k1354(float* p) { p[threadIdx.x] = 1354; }
__global__ void k1355(float* p) { p[threadIdx.x] = 1355; }
__global__ void k1356(float* p) { p[threadIdx.x] = 1356; }
__global__ void k1357(float* p) { p[threadIdx.x] = 1357; }
__global__ void k1358(float* p) { p[threadIdx.x] = 1358; }
__global__ void k1359(float* p) { p[threadIdx.x] = 1359; }
__global__ void k1360(float* p) { p[threadIdx.x] = 1360; }
__global__ void k1361(float* p) { p[threadIdx.x] = 1361; }
__global__ void k1362(float* p) { p[threadIdx.x] = 1362; }
__global__ void k1363(float* p) { p[threadIdx.x] = 1363; }
__global__ void k1364(float* p) { p[threadIdx.x] = 1364; }
__global__ void k1365(float* p) { p[threadIdx.x] = 1365; }
__global__ void k1366(float* p) { p[threadIdx.x] = 1366; }
__global__ void k1367(float* p) { p[threadIdx.x] = 1367; }
__global__ void k1368(float* p) { p[threadIdx.x] = 1368; }
__global__ void k1369(float* p) { p[threadIdx.x] = 1369; }
__global__ void k1370(float* p) { p[threadIdx.x] = 1370; }
__global__ void k1371(float* p) { p[threadIdx.x] = 1371; }
__global__ void k1372(float* p) { p[threadIdx.x] = 1372; }
__global__ void k1373(float* p) { p[threadIdx.x] = 1373; }
__global__ void k1374(float* p) { p[threadIdx.x] = 1374; }
__global__ void k1375(float* p) { p[threadIdx.x] = 1375; }
__global__ void k1376(float* p) { p[threadIdx.x] = 1376; }
__global__ void k1377(float* p) { p[threadIdx.x] = 1377; }
__global__ void k1378(float* p) { p[threadIdx.x] = 1378; }
__global__ void k1379(float* p) { p[threadIdx.x] = 1379; }
__global__ void k1380(float* p) { p[threadIdx.x] = 1380; }
__global__ void k1381(float* p) { p[threadIdx.x] = 1381; }
__global__ void k1382(float* p) { p[threadIdx.x] = 1382; }
__global__ void k1383(float* p) { p[threadIdx.x] = 1383; }
__global__ void k1384(float* p) { p[threadIdx.x] = 1384; }
__global__ void k1385(float* p) { p[threadIdx.x] = 1385; }
__global__ void k1386(float* p) { p[threadIdx.x] = 1386; }
__global__ void k1387(float* p) { p[threadIdx.x] = 1387; }
__global__ void k1388(float* p) { p[threadIdx.x] = 1388; }
__global__ void k1389(float* p) { p[threadIdx.x] = 1389; }
__global__ void k1390(float* p) { p[threadIdx.x] = 1390; }
__global__ void k1391(float* p) { p[threadIdx.x] = 1391; }
__global__ void k1392(float* p) { p[threadIdx.x] = 1392; }
__global__ void k1393(float* p) { p[threadIdx.x] = 1393; }
__global__ void k1394(float* p) { p[threadIdx.x] = 1394; }
__global__ void k1395(float* p) { p[threadIdx.x] = 1395; }
__global__ void k1396(float* p) { p[threadIdx.x] = 1396; }
__global__ void k1397(float* p) { p[threadIdx.x] = 1397; }
__global__ void k1398(float* p) { p[threadIdx.x] = 1398; }
__global__ void k1399(float* p) { p[threadIdx.x] = 1399; }
__global__ void k1400(float* p) { p[threadIdx.x] = 1400; }
__global__ void k1401(float* p) { p[threadIdx.x] = 1401; }
__global__ void k1402(float* p) { p[threadIdx.x] = 1402; }
__global__ void k1403(float* p) { p[threadIdx.x] = 1403; }
__global__ void k1404(float* p) { p[threadIdx.x] = 1404; }
__global__ void k1405(float* p) { p[threadIdx.x] = 1405; }
__global__ void k1406(float* p) { p[threadIdx.x] = 1406; }
__global__ void k1407(float* p) { p[threadIdx.x] = 1407; }
__global__ void k1408(float* p) { p[threadIdx.x] = 1408; }
__global__ void k1409(float* p) { p[threadIdx.x] = 1409; }
__global__ void k1410(float* p) { p[threadIdx.x] = 1410; }
__global__ void k1411(float* p) { p[threadIdx.x] = 1411; }
__global__ void k1412(float* p) { p[threadIdx.x] = 1412; }
__global__ void k1413(float* p) { p[threadIdx.x] = 1413; }
__global__ void k1414(float* p) { p[threadIdx.x] = 1414; }
__global__ void k1415(float* p) { p[threadIdx.x] = 1415; }
__global__ void k1416(float* p) { p[threadIdx.x] = 1416; }
__global__ void k1417(float* p) { p[threadIdx.x] = 1417; }
__global__ void k1418(float* p) { p[threadIdx.x] = 1418; }
__global__ void k1419(float* p) { p[threadIdx.x] = 1419; }
__global__ void k1420(float* p) { p[threadIdx.x] = 1420; }
__global__ void k1421(float* p) { p[threadIdx.x] = 1421; }
__global__ void k1422(float* p) { p[threadIdx.x] = 1422; }
__global__ void k1423(float* p) { p[threadIdx.x] = 1423; }
__global__ void k1424(float* p) { p[threadIdx.x] = 1424; }
__global__ void k1425(float* p) { p[threadIdx.x] = 1425; }
__global__ void k1426(float* p) { p[threadIdx.x] = 1426; }
__global__ void k1427(float* p) { p[threadIdx.x] = 1427; }
__global__ void k1428(float* p) { p[threadIdx.x] = 1428; }
__global__ void k1429(float* p) { p[threadIdx.x] = 1429; }
__global__ void k1430(float* p) { p[threadIdx.x] = 1430; }
__global__ void k1431(float* p) { p[threadIdx.x] = 1431; }
__global__ void k1432(float* p) { p[threadIdx.x] = 1432; }
__global__ void k1433(float* p) { p[threadIdx.x] = 1433; }
__global__ void k1434(float* p) { p[threadIdx.x] = 1434; }
__global__ void k1435(float* p) { p[threadIdx.x] = 1435; }
__global__ void k1436(float* p) { p[threadIdx.x] = 1436; }
__global__ void k1437(float* p) { p[threadIdx.x] = 1437; }
__global__ void k1438(float* p) { p[threadIdx.x] = 1438; }
__global__ void k1439(float* p) { p[threadIdx.x] = 1439; }
__global__ void k1440(float* p) { p[threadIdx.x] = 1440; }
__global__ void k1441(float* p) { p[threadIdx.x] = 1441; }
__global__ void k1442(float* p) { p[threadIdx.x] = 1442; }
__global__ void k1443(float* p) { p[threadIdx.x] = 1443; }
__global__ void k1444(float* p) { p[threadIdx.x] = 1444; }
__global__ void k1445(float* p) { p[threadIdx.x] = 1445; }
__global__ void k1446(float* p) { p[threadIdx.x] = 1446; }
__global__ void k1447(float* p) { p[threadIdx.x] = 1447; }
__global__ void k1448(float* p) { p[threadIdx.x] = 1448; }
__global__ void k1449(float* p) { p[threadIdx.x] = 1449; }
__global__ void k1450(float* p) { p[threadIdx.x] = 1450; }
__global__ void k1451(float* p) { p[threadIdx.x] = 1451; }
__global__ void k1452(float* p) { p[threadIdx.x] = 1452; }
__global__ void k1453(float* p) { p[threadIdx.x] = 1453; }
__global__ void k1454(float* p) { p[threadIdx.x] = 1454; }
__global__ void k1455(float* p) { p[threadIdx.x] = 1455; }
__global__ void k1456(float* p) { p[threadIdx.x] = 1456; }
__global__ void k1457(float* p) { p[threadIdx.x] = 1457; }
__global__ void k1458(float* p) { p[threadIdx.x] = 1458; }
__global__ void k1459(float* p) { p[threadIdx.x] = 1459; }
__global__ void k1460(float* p) { p[threadIdx.x] = 1460; }
__global__ void k1461(float* p) { p[threadIdx.x] = 1461; }
__global__ void k1462(float* p) { p[threadIdx.x] = 1462; }
__global__ void k1463(float* p) { p[threadIdx.x] = 1463; }
__global__ void k1464(float* p) { p[threadIdx.x] = 1464; }
__global__ void k1465(float* p) { p[threadIdx.x] = 1465; }
__global__ void k1466(float* p) { p[threadIdx.x] = 1466; }
__global__ void k1467(float* p) { p[threadIdx.x] = 1467; }
__global__ void k1468(float* p) { p[threadIdx.x] = 1468; }
__global__ void k1469(float* p) { p[threadIdx.x] = 1469; }
__global__ void k1470(float* p) { p[threadIdx.x] = 1470; }
__global__ void k1471(float* p) { p[threadIdx.x] = 1471; }
__global__ void k1472(float* p) { p[threadIdx.x] = 1472; }
__global__ void k1473(float* p) { p[threadIdx.x] = 1473; }
__global__ void k1474(float* p) { p[threadIdx.x] = 1474; }
__global__ void k1475(float* p) { p[threadIdx.x] = 1475; }
__global__ void k1476(float* p) { p[threadIdx.x] = 1476; }
__global__ void k1477(float* p) { p[threadIdx.x] = 1477; }
__global__ void k1478(float* p) { p[threadIdx.x] = 1478; }
__global__ void k1479(float* p) { p[threadIdx.x] = 1479; }
__global__ void k1480(float* p) { p[threadIdx.x] = 1480; }
__global__ void k1481(float* p) { p[threadIdx.x] = 1481; }
__global__ void k1482(float* p) { p[threadIdx.x] = 1482; }
__global__ void k1483(float* p) { p[threadIdx.x] = 1483; }
__global__ void k1484(float* p) { p[threadIdx.x] = 1484; }
__global__ void k1485(float* p) { p[threadIdx.x] = 1485; }
__global__ void k1486(float* p) { p[threadIdx.x] = 1486; }
__global__ void k1487(float* p) { p[threadIdx.x] = 1487; }
__global__ void k1488(float* p) { p[threadIdx.x] = 1488; }
__global__ void k1489(float* p) { p[threadIdx.x] = 1489; }
__global__ void k1490(float* p) { p[threadIdx.x] = 1490; }
__global__ void k1491(float* p) { p[threadIdx.x] = 1491; }
__global__ void k1492(float* p) { p[threadIdx.x] = 1492; }
__global__ void k1493(float* p) { p[threadIdx.x] = 1493; }
__global__ void k1494(float* p) { p[threadIdx.x] = 1494; }
__global__ void k1495(float* p) { p[threadIdx.x] = 1495; }
__global__ void k1496(float* p) { p[threadIdx.x] = 1496; }
__global__ void k1497(float* p) { p[threadIdx.x] = 1497; }
__global__ void k1498(float* p) { p[threadIdx.x] = 1498; }
__global__ void k1499(float* p) { p[threadIdx.x] = 1499; }
__global__ void k1500(float* p) { p[threadIdx.x] = 1500; }
__global__ void k1501(float* p) { p[threadIdx.x] = 1501; }
__global__ void k1502(float* p) { p[threadIdx.x] = 1502; }
__global__ void k1503(float* p) { p[threadIdx.x] = 1503; }
__global__ void k1504(float* p) { p[threadIdx.x] = 1504; }
__global__ void k1505(float* p) { p[threadIdx.x] = 1505; }
__global__ void k1506(float* p) { p[threadIdx.x] = 1506; }
__global__ void k1507(float* p) { p[threadIdx.x] = 1507; }
__global__ void k1508(float* p) { p[threadIdx.x] = 1508; }
__global__ void k1509(float* p) { p[threadIdx.x] = 1509; }
__global__ void k1510(float* p) { p[threadIdx.x] = 1510; }
__global__ void k1511(float* p) { p[threadIdx.x] = 1511; }
__global__ void k1512(float* p) { p[threadIdx.x] = 1512; }
__global__ void k1513(float* p) { p[threadIdx.x] = 1513; }
__global__ void k1514(float* p) { p[threadIdx.x] = 1514; }
__global__ void k1515(float* p) { p[threadIdx.x] = 1515; }
__global__ void k1516(float* p) { p[threadIdx.x] = 1516; }
__global__ void k1517(float* p) { p[threadIdx.x] = 1517; }
__global__ void k1518(float* p) { p[threadIdx.x] = 1518; }
__global__ void k1519(float* p) { p[threadIdx.x] = 1519; }
__global__ void k1520(float* p) { p[threadIdx.x] = 1520; }
__global__ void k1521(float* p) { p[threadIdx.x] = 1521; }
__global__ void k1522(float* p) { p[threadIdx.x] = 1522; }
__global__ void k1523(float* p) { p[threadIdx.x] = 1523; }
__global__ void k1524(float* p) { p[threadIdx.x] = 1524; }
__global__ void k1525(float* p) { p[threadIdx.x] = 1525; }
__global__ void k1526(float* p) { p[threadIdx.x] = 1526; }
__global__ void k1527(float* p) { p[threadIdx.x] = 1527; }
__global__ void k1528(float* p) { p[threadIdx.x] = 1528; }
__global__ void k1529(float* p) { p[threadIdx.x] = 1529; }
__global__ void k1530(float* p) { p[threadIdx.x] = 1530; }
__global__ void k1531(float* p) { p[threadIdx.x] = 1531; }
__global__ void k1532(float* p) { p[threadIdx.x] = 1532; }
__global__ void k1533(float* p) { p[threadIdx.x] = 1533; }
__global__ void k1534(float* p) { p[threadIdx.x] = 1534; }
__global__ void k1535(float* p) { p[threadIdx.x] = 1535; }
__global__ void k1536(float* p) { p[threadIdx.x] = 1536; }
__global__ void k1537(float* p) { p[threadIdx.x] = 1537; }
__global__ void k1538(float* p) { p[threadIdx.x] = 1538; }
__global__ void k1539(float* p) { p[threadIdx.x] = 1539; }
__global__ void k1540(float* p) { p[threadIdx.x] = 1540; }
__global__ void k1541(float* p) { p[threadIdx.x] = 1541; }
__global__ void k1542(float* p) { p[threadIdx.x] = 1542; }
__global__ void k1543(float* p) { p[threadIdx.x] = 1543; }
__global__ void k1544(float* p) { p[threadIdx.x] = 1544; }
__global__ void k1545(float* p) { p[threadIdx.x] = 1545; }
__global__ void k1546(float* p) { p[threadIdx.x] = 1546; }
__global__ void k1547(float* p) { p[threadIdx.x] = 1547; }
__global__ void k1548(float* p) { p[threadIdx.x] = 1548; }
__global__ void k1549(float* p) { p[threadIdx.x] = 1549; }
__global__ void k1550(float* p) { p[threadIdx.x] = 1550; }
__global__ void k1551(float* p) { p[threadIdx.x] = 1551; }
__global__ void k1552(float* p) { p[threadIdx.x] = 1552; }
__global__ void k1553(float* p) { p[threadIdx.x] = 1553; }
__global__ void k1554(float* p) { p[threadIdx.x] = 1554; }
__global__ void k1555(float* p) { p[threadIdx.x] = 1555; }
__global__ void k1556(float* p) { p[threadIdx.x] = 1556; }
__global__ void k1557(float* p) { p[threadIdx.x] = 1557; }
__global__ void k1558(float* p) { p[threadIdx.x] = 1558; }
__global__ void k1559(float* p) { p[threadIdx.x] = 1559; }
__global__ void k1560(float* p) { p[threadIdx.x] = 1560; }
__global__ void k1561(float* p) { p[threadIdx.x] = 1561; }
__global__ void k1562(float* p) { p[threadIdx.x] = 1562; }
__global__ void k1563(float* p) { p[threadIdx.x] = 1563; }
__global__ void k1564(float* p) { p[threadIdx.x] = 1564; }
__global__ void k1565(float* p) { p[threadIdx.x] = 1565; }
__global__ void k1566(float* p) { p[threadIdx.x] = 1566; }
__global__ void k1567(float* p) { p[threadIdx.x] = 1567; }
__global__ void k1568(float* p) { p[threadIdx.x] = 1568; }
__global__ void k1569(float* p) { p[threadIdx.x] = 1569; }
__global__ void k1570(float* p) { p[threadIdx.x] = 1570; }
__global__ void k1571(float* p) { p[threadIdx.x] = 1571; }
__global__ void k1572(float* p) { p[threadIdx.x] = 1572; }
__global__ void k1573(float* p) { p[threadIdx.x] = 1573; }
__global__ void k1574(float* p) { p[threadIdx.x] = 1574; }
__global__ void k1575(float* p) { p[threadIdx.x] = 1575; }
__global__ void k1576(float* p) { p[threadIdx.x] = 1576; }
__global__ void k1577(float* p) { p[threadIdx.x] = 1577; }
__global__ void k1578(float* p) { p[threadIdx.x] = 1578; }
__global__ void k1579(float* p) { p[threadIdx.x] = 1579; }
__global__ void k1580(float* p) { p[threadIdx.x] = 1580; }
__global__ void k1581(float* p) { p[threadIdx.x] = 1581; }
__global__ void k1582(float* p) { p[threadIdx.x] = 1582; }
__global__ void k1583(float* p) { p[threadIdx.x] = 1583; }
__global__ void k1584(float* p) { p[threadIdx.x] = 1584; }
__global__ void k1585(float* p) { p[threadIdx.x] = 1585; }
__global__ void k1586(float* p) { p[threadIdx.x] = 1586; }
__global__ void k1587(float* p) { p[threadIdx.x] = 1587; }
__global__ void k1588(float* p) { p[threadIdx.x] = 1588; }
__global__ void k1589(float* p) { p[threadIdx.x] = 1589; }
__global__ void k1590(float* p) { p[threadIdx.x] = 1590; }
__global__ void k1591(float* p) { p[threadIdx.x] = 1591; }
__global__ void k1592(float* p) { p[threadIdx.x] = 1592; }
__global__ void k1593(float* p) { p[threadIdx.x] = 1593; }
__global__ void k1594(float* p) { p[threadIdx.x] = 1594; }
__global__ void k1595(float* p) { p[threadIdx.x] = 1595; }
__global__ void k1596(float* p) { p[threadIdx.x] = 1596; }
__global__ void k1597(float* p) { p[threadIdx.x] = 1597; }
__global__ void k1598(float* p) { p[threadIdx.x] = 1598; }
__global__ void k1599(float* p) { p[threadIdx.x] = 1599; }
__global__ void k1600(float* p) { p[threadIdx.x] = 1600; }
__global__ void k1601(float* p) { p[threadIdx.x] = 1601; }
__global__ void k1602(float* p) { p[threadIdx.x] = 1602; }
__global__ void k1603(float* p) { p[threadIdx.x] = 1603; }
__global__ void k1604(float* p) { p[threadIdx.x] = 1604; }
__global__ void k1605(float* p) { p[threadIdx.x] = 1605; }
__global__ void k1606(float* p) { p[threadIdx.x] = 1606; }
__global__ void k1607(float* p) { p[threadIdx.x] = 1607; }
__global__ void k1608(float* p) { p[threadIdx.x] = 1608; }
__global__ void k1609(float* p) { p[threadIdx.x] = 1609; }
__global__ void k1610(float* p) { p[threadIdx.x] = 1610; }
__global__ void k1611(float* p) { p[threadIdx.x] = 1611; }
__global__ void k1612(float* p) { p[threadIdx.x] = 1612; }
__global__ void k1613(float* p) { p[threadIdx.x] = 1613; }
__global__ void k1614(float* p) { p[threadIdx.x] = 1614; }
__global__ void k1615(float* p) { p[threadIdx.x] = 1615; }
__global__ void k1616(float* p) { p[threadIdx.x] = 1616; }
__global__ void k1617(float* p) { p[threadIdx.x] = 1617; }
__global__ void k1618(float* p) { p[threadIdx.x] = 1618; }
__global__ void k1619(float* p) { p[threadIdx.x] = 1619; }
__global__ void k1620(float* p) { p[threadIdx.x] = 1620; }
__global__ void k1621(float* p) { p[threadIdx.x] = 1621; }
__global__ void k1622(float* p) { p[threadIdx.x] = 1622; }
__global__ void k1623(float* p) { p[threadIdx.x] = 1623; }
__global__ void k1624(float* p) { p[threadIdx.x] = 1624; }
__global__ void k1625(float* p) { p[threadIdx.x] = 1625; }
__global__ void k1626(float* p) { p[threadIdx.x] = 1626; }
__global__ void k1627(float* p) { p[threadIdx.x] = 1627; }
__global__ void k1628(float* p) { p[threadIdx.x] = 1628; }
__global__ void k1629(float* p) { p[threadIdx.x] = 1629; }
__global__ void k1630(float* p) { p[threadIdx.x] = 1630; }
__global__ void k1631(float* p) { p[threadIdx.x] = 1631; }
__global__ void k1632(float* p) { p[threadIdx.x] = 1632; }
__global__ void k1633(float* p) { p[threadIdx.x] = 1633; }
__global__ void k1634(float* p) { p[threadIdx.x] = 1634; }
__global__ void k1635(float* p) { p[threadIdx.x] = 1635; }
__global__ void k1636(float* p) { p[threadIdx.x] = 1636; }
__global__ void k1637(float* p) { p[threadIdx.x] = 1637; }
__global__ void k1638(float* p) { p[threadIdx.x] = 1638; }
__global__ void k1639(float* p) { p[threadIdx.x] = 1639; }
__global__ void k1640(float* p) { p[threadIdx.x] = 1640; }
__global__ void k1641(float* p) { p[threadIdx.x] = 1641; }
__global__ void k1642(float* p) { p[threadIdx.x] = 1642; }
__global__ void k1643(float* p) { p[threadIdx.x] = 1643; }
__global__ void k1644(float* p) { p[threadIdx.x] = 1644; }
__global__ void k1645(float* p) { p[threadIdx.x] = 1645; }
__global__ void k1646(float* p) { p[threadIdx.x] = 1646; }
__global__ void k1647(float* p) { p[threadIdx.x] = 1647; }
__global__ void k1648(float* p) { p[threadIdx.x] = 1648; }
__global__ void k1649(float* p) { p[threadIdx.x] = 1649; }
__global__ void k1650(float* p) { p[threadIdx.x] = 1650; }
__global__ void k1651(float* p) { p[threadIdx.x] = 1651; }
__global__ void k1652(float* p) { p[threadIdx.x] = 1652; }
__global__ void k1653(float* p) { p[threadIdx.x] = 1653; }
__global__ void k1654(float* p) { p[threadIdx.x] = 1654; }
__global__ void k1655(float* p) { p[threadIdx.x] = 1655; }
__global__ void k1656(float* p) { p[threadIdx.x] = 1656; }
__global__ void k1657(float* p) { p[threadIdx.x] = 1657; }
__global__ void k1658(float* p) { p[threadIdx.x] = 1658; }
__global__ void k1659(float* p) { p[threadIdx.x] = 1659; }
__global__ void k1660(float* p) { p[threadIdx.x] = 1660; }
__global__ void k1661(float* p) { p[threadIdx.x] = 1661; }
__global__ void k1662(float* p) { p[threadIdx.x] = 1662; }
__global__ void k1663(float* p) { p[threadIdx.x] = 1663; }
__global__ void k1664(float* p) { p[threadIdx.x] = 1664; }
__global__ void k1665(float* p) { p[threadIdx.x] = 1665; }
__global__ void k1666(float* p) { p[threadIdx.x] = 1666; }
__global__ void k1667(float* p) { p[threadIdx.x] = 1667; }
__global__ void k1668(float* p) { p[threadIdx.x] = 1668; }
__global__ void k1669(float* p) { p[threadIdx.x] = 1669; }
__global__ void k1670(float* p) { p[threadIdx.x] = 1670; }
__global__ void k1671(float* p) { p[threadIdx.x] = 1671; }
__global__ void k1672(float* p) { p[threadIdx.x] = 1672; }
__global__ void k1673(float* p) { p[threadIdx.x] = 1673; }
__global__ void k1674(float* p) { p[threadIdx.x] = 1674; }
__global__ void k1675(float* p) { p[threadIdx.x] = 1675; }
__global__ void k1676(float* p) { p[threadIdx.x] = 1676; }
__global__ void k1677(float* p) { p[threadIdx.x] = 1677; }
__global__ void k1678(float* p) { p[threadIdx.x] = 1678; }
__global__ void k1679(float* p) { p[threadIdx.x] = 1679; }
__global__ void k1680(float* p) { p[threadIdx.x] = 1680; }
__global__ void k1681(float* p) { p[threadIdx.x] = 1681; }
__global__ void k1682(float* p) { p[threadIdx.x] = 1682; }
__global__ void k1683(float* p) { p[threadIdx.x] = 1683; }
__global__ void k1684(float* p) { p[threadIdx.x] = 1684; }
__global__ void k1685(float* p) { p[threadIdx.x] = 1685; }
__global__ void k1686(float* p) { p[threadIdx.x] = 1686; }
__global__ void k1687(float* p) { p[threadIdx.x] = 1687; }
__global__ void k1688(float* p) { p[threadIdx.x] = 1688; }
__global__ void k1689(float* p) { p[threadIdx.x] = 1689; }
__global__ void k1690(float* p) { p[threadIdx.x] = 1690; }
__global__ void k1691(float* p) { p[threadIdx.x] = 1691; }
__global__ void k1692(float* p) { p[threadIdx.x] = 1692; }
__global__ void k1693(float* p) { p[threadIdx.x] = 1693; }
__global__ void k1694(float* p) { p[threadIdx.x] = 1694; }
__global__ void k1695(float* p) { p[threadIdx.x] = 1695; }
__global__ void k1696(float* p) { p[threadIdx.x] = 1696; }
__global__ void k1697(float* p) { p[threadIdx.x] = 1697; }
__global__ void k1698(float* p) { p[threadIdx.x] = 1698; }
__global__ void k1699(float* p) { p[threadIdx.x] = 1699; }
__global__ void k1700(float* p) { p[threadIdx.x] = 1700; }
__global__ void k1701(float* p) { p[threadIdx.x] = 1701; }
__global__ void k1702(float* p) { p[threadIdx.x] = 1702; }
__global__ void k1703(float* p) { p[threadIdx.x] = 1703; }
__global__ void k1704(float* p) { p[threadIdx.x] = 1704; }
__global__ void k1705(float* p) { p[threadIdx.x] = 1705; }
__global__ void k1706(float* p) { p[threadIdx.x] = 1706; }
__global__ void k1707(float* p) { p[threadIdx.x] = 1707; }
__global__ void k1708(float* p) { p[threadIdx.x] = 1708; }
__global__ void k1709(float* p) { p[threadIdx.x] = 1709; }
__global__ void k1710(float* p) { p[threadIdx.x] = 1710; }
__global__ void k1711(float* p) { p[threadIdx.x] = 1711; }
__global__ void k1712(float* p) { p[threadIdx.x] = 1712; }
__global__ void k1713(float* p) { p[threadIdx.x] = 1713; }
__global__ void k1714(float* p) { p[threadIdx.x] = 1714; }
__global__ void k1715(float* p) { p[threadIdx.x] = 1715; }
__global__ void k1716(float* p) { p[threadIdx.x] = 1716; }
__global__ void k1717(float* p) { p[threadIdx.x] = 1717; }
__global__ void k1718(float* p) { p[threadIdx.x] = 1718; }
__global__ void k1719(float* p) { p[threadIdx.x] = 1719; }
__global__ void k1720(float* p) { p[threadIdx.x] = 1720; }
__global__ void k1721(float* p) { p[threadIdx.x] = 1721; }
__global__ void k1722(float* p) { p[threadIdx.x] = 1722; }
__global__ void k1723(float* p) { p[threadIdx.x] = 1723; }
__global__ void k1724(float* p) { p[threadIdx.x] = 1724; }
__global__ void k1725(float* p) { p[threadIdx.x] = 1725; }
__global__ void k1726(float* p) { p[threadIdx.x] = 1726; }
__global__ void k1727(float* p) { p[threadIdx.x] = 1727; }
__global__ void k1728(float* p) { p[threadIdx.x] = 1728; }
__global__ void k1729(float* p) { p[threadIdx.x] = 1729; }
__global__ void k1730(float* p) { p[threadIdx.x] = 1730; }
__global__ void k1731(float* p) { p[threadIdx.x] = 1731; }
__global__ void k1732(float* p) { p[threadIdx.x] = 1732; }
__global__ void k1733(float* p) { p[threadIdx.x] = 1733; }
__global__ void k1734(float* p) { p[threadIdx.x] = 1734; }
__global__ void k1735(float* p) { p[threadIdx.x] = 1735; }
__global__ void k1736(float* p) { p[threadIdx.x] = 1736; }
__global__ void k1737(float* p) { p[threadIdx.x] = 1737; }
__global__ void k1738(float* p) { p[threadIdx.x] = 1738; }
__global__ void k1739(float* p) { p[threadIdx.x] = 1739; }
__global__ void k1740(float* p) { p[threadIdx.x] = 1740; }
__global__ void k1741(float* p) { p[threadIdx.x] = 1741; }
__global__ void k1742(float* p) { p[threadIdx.x] = 1742; }
__global__ void k1743(float* p) { p[threadIdx.x] = 1743; }
__global__ void k1744(float* p) { p[threadIdx.x] = 1744; }
__global__ void k1745(float* p) { p[threadIdx.x] = 1745; }
__global__ void k1746(float* p) { p[threadIdx.x] = 1746; }
__global__ void k1747(float* p) { p[threadIdx.x] = 1747; }
__global__ void k1748(float* p) { p[threadIdx.x] = 1748; }
__global__ void k1749(float* p) { p[threadIdx.x] = 1749; }
__global__ void k1750(float* p) { p[threadIdx.x] = 1750; }
__global__ void k1751(float* p) { p[threadIdx.x] = 1751; }
__global__ void k1752(float* p) { p[threadIdx.x] = 1752; }
__global__ void k1753(float* p) { p[threadIdx.x] = 1753; }
__global__ void k1754(float* p) { p[threadIdx.x] = 1754; }
__global__ void k1755(float* p) { p[threadIdx.x] = 1755; }
__global__ void k1756(float* p) { p[threadIdx.x] = 1756; }
__global__ void k1757(float* p) { p[threadIdx.x] = 1757; }
__global__ void k1758(float* p) { p[threadIdx.x] = 1758; }
__global__ void k1759(float* p) { p[threadIdx.x] = 1759; }
__global__ void k1760(float* p) { p[threadIdx.x] = 1760; }
__global__ void k1761(float* p) { p[threadIdx.x] = 1761; }
__global__ void k1762(float* p) { p[threadIdx.x] = 1762; }
__global__ void k1763(float* p) { p[threadIdx.x] = 1763; }
__global__ void k1764(float* p) { p[threadIdx.x] = 1764; }
__global__ void k1765(float* p) { p[threadIdx.x] = 1765; }
__global__ void k1766(float* p) { p[threadIdx.x] = 1766; }
__global__ void k1767(float* p) { p[threadIdx.x] = 1767; }
__global__ void k1768(float* p) { p[threadIdx.x] = 1768; }
__global__ void k1769(float* p) { p[threadIdx.x] = 1769; }
__global__ void k1770(float* p) { p[threadIdx.x] = 1770; }
__global__ void k1771(float* p) { p[threadIdx.x] = 1771; }
__global__ void k1772(float* p) { p[threadIdx.x] = 1772; }
__global__ void k1773(float* p) { p[threadIdx.x] = 1773; }
__global__ void k1774(float* p) { p[threadIdx.x] = 1774; }
__global__ void k1775(float* p) { p[threadIdx.x] = 1775; }
__global__ void k1776(float* p) { p[threadIdx.x] = 1776; }
__global__ void k1777(float* p) { p[threadIdx.x] = 1777; }
__global__ void k1778(float* p) { p[threadIdx.x] = 1778; }
__global__ void k1779(float* p) { p[threadIdx.x] = 1779; }
__global__ void k1780(float* p) { p[threadIdx.x] = 1780; }
__global__ void k1781(float* p) { p[threadIdx.x] = 1781; }
__global__ void k1782(float* p) { p[threadIdx.x] = 1782; }
__global__ void k1783(float* p) { p[threadIdx.x] = 1783; }
__global__ void k1784(float* p) { p[threadIdx.x] = 1784; }
__global__ void k1785(float* p) { p[threadIdx.x] = 1785; }
__global__ void k1786(float* p) { p[threadIdx.x] = 1786; }
__global__ void k1787(float* p) { p[threadIdx.x] = 1787; }
__global__ void k1788(float* p) { p[threadIdx.x] = 1788; }
__global__ void k1789(float* p) { p[threadIdx.x] = 1789; }
__global__ void k1790(float* p) { p[threadIdx.x] = 1790; }
__global__ void k1791(float* p) { p[threadIdx.x] = 1791; }
__global__ void k1792(float* p) { p[threadIdx.x] = 1792; }
__global__ void k1793(float* p) { p[threadIdx.x] = 1793; }
__global__ void k1794(float* p) { p[threadIdx.x] = 1794; }
__global__ void k1795(float* p) { p[threadIdx.x] = 1795; }
__global__ void k1796(float* p) { p[threadIdx.x] = 1796; }
__global__ void k1797(float* p) { p[threadIdx.x] = 1797; }
__global__ void k1798(float* p) { p[threadIdx.x] = 1798; }
__global__ void k1799(float* p) { p[threadIdx.x] = 1799; }
__global__ void k1800(float* p) { p[threadIdx.x] = 1800; }
__global__ void k1801(float* p) { p[threadIdx.x] = 1801; }
__global__ void k1802(float* p) { p[threadIdx.x] = 1802; }
__global__ void k1803(float* p) { p[threadIdx.x] = 1803; }
__global__ void k1804(float* p) { p[threadIdx.x] = 1804; }
__global__ void k1805(float* p) { p[threadIdx.x] = 1805; }
__global__ void k1806(float* p) { p[threadIdx.x] = 1806; }
__global__ void k1807(float* p) { p[threadIdx.x] = 1807; }
__global__ void k1808(float* p) { p[threadIdx.x] = 1808; }
__global__ void k1809(float* p) { p[threadIdx.x] = 1809; }
__global__ void k1810(float* p) { p[threadIdx.x] = 1810; }
__global__ void k1811(float* p) { p[threadIdx.x] = 1811; }
__global__ void k1812(float* p) { p[threadIdx.x] = 1812; }
__global__ void k1813(float* p) { p[threadIdx.x] = 1813; }
__global__ void k1814(float* p) { p[threadIdx.x] = 1814; }
__global__ void k1815(float* p) { p[threadIdx.x] = 1815; }
__global__ void k1816(float* p) { p[threadIdx.x] = 1816; }
__global__ void k1817(float* p) { p[threadIdx.x] = 1817; }
__global__ void k1818(float* p) { p[threadIdx.x] = 1818; }
__global__ void k1819(float* p) { p[threadIdx.x] = 1819; }
__global__ void k1820(float* p) { p[threadIdx.x] = 1820; }
__global__ void k1821(float* p) { p[threadIdx.x] = 1821; }
__global__ void k1822(float* p) { p[threadIdx.x] = 1822; }
__global__ void k1823(float* p) { p[threadIdx.x] = 1823; }
__global__ void k1824(float* p) { p[threadIdx.x] = 1824; }
__global__ void k1825(float* p) { p[threadIdx.x] = 1825; }
__global__ void k1826(float* p) { p[threadIdx.x] = 1826; }
__global__ void k1827(float* p) { p[threadIdx.x] = 1827; }
__global__ void k1828(float* p) { p[threadIdx.x] = 1828; }
__global__ void k1829(float* p) { p[threadIdx.x] = 1829; }
__global__ void k1830(float* p) { p[threadIdx.x] = 1830; }
__global__ void k1831(float* p) { p[threadIdx.x] = 1831; }
__global__ void k1832(float* p) { p[threadIdx.x] = 1832; }
__global__ void k1833(float* p) { p[threadIdx.x] = 1833; }
__global__ void k1834(float* p) { p[threadIdx.x] = 1834; }
__global__ void k1835(float* p) { p[threadIdx.x] = 1835; }
__global__ void k1836(float* p) { p[threadIdx.x] = 1836; }
__global__ void k1837(float* p) { p[threadIdx.x] = 1837; }
__global__ void k1838(float* p) { p[threadIdx.x] = 1838; }
__global__ void k1839(float* p) { p[threadIdx.x] = 1839; }
__global__ void k1840(float* p) { p[threadIdx.x] = 1840; }
__global__ void k1841(float* p) { p[threadIdx.x] = 1841; }
__global__ void k1842(float* p) { p[threadIdx.x] = 1842; }
__global__ void k1843(float* p) { p[threadIdx.x] = 1843; }
__global__ void k1844(float* p) { p[threadIdx.x] = 1844; }
__global__ void k1845(float* p) { p[threadIdx.x] = 1845; }
__global__ void k1846(float* p) { p[threadIdx.x] = 1846; }
__global__ void k1847(float* p) { p[threadIdx.x] = 1847; }
__global__ void k1848(float* p) { p[threadIdx.x] = 1848; }
__global__ void k1849(float* p) { p[threadIdx.x] = 1849; }
__global__ void k1850(float* p) { p[threadIdx.x] = 1850; }
__global__ void k1851(float* p) { p[threadIdx.x] = 1851; }
__global__ void k1852(float* p) { p[threadIdx.x] = 1852; }
__global__ void k1853(float* p) { p[threadIdx.x] = 1853; }
__global__ void k1854(float* p) { p[threadIdx.x] = 1854; }
__global__ void k1855(float* p) { p[threadIdx.x] = 1855; }
__global__ void k1856(float* p) { p[threadIdx.x] = 1856; }
__global__ void k1857(float* p) { p[threadIdx.x] = 1857; }
__global__ void k1858(float* p) { p[threadIdx.x] = 1858; }
__global__ void k1859(float* p) { p[threadIdx.x] = 1859; }
__global__ void k1860(float* p) { p[threadIdx.x] = 1860; }
__global__ void k1861(float* p) { p[threadIdx.x] = 1861; }
__global__ void k1862(float* p) { p[threadIdx.x] = 1862; }
__global__ void k1863(float* p) { p[threadIdx.x] = 1863; }
__global__ void k1864(float* p) { p[threadIdx.x] = 1864; }
__global__ void k1865(float* p) { p[threadIdx.x] = 1865; }
__global__ void k1866(float* p) { p[threadIdx.x] = 1866; }
__global__ void k1867(float* p) { p[threadIdx.x] = 1867; }
__global__ void k1868(float* p) { p[threadIdx.x] = 1868; }
__global__ void k1869(float* p) { p[threadIdx.x] = 1869; }
__global__ void k1870(float* p) { p[threadIdx.x] = 1870; }
__global__ void k1871(float* p) { p[threadIdx.x] = 1871; }
__global__ void k1872(float* p) { p[threadIdx.x] = 1872; }
__global__ void k1873(float* p) { p[threadIdx.x] = 1873; }
__global__ void k1874(float* p) { p[threadIdx.x] = 1874; }
__global__ void k1875(float* p) { p[threadIdx.x] = 1875; }
__global__ void k1876(float* p) { p[threadIdx.x] = 1876; }
__global__ void k1877(float* p) { p[threadIdx.x] = 1877; }
__global__ void k1878(float* p) { p[threadIdx.x] = 1878; }
__global__ void k1879(float* p) { p[threadIdx.x] = 1879; }
__global__ void k1880(float* p) { p[threadIdx.x] = 1880; }
__global__ void k1881(float* p) { p[threadIdx.x] = 1881; }
__global__ void k1882(float* p) { p[threadIdx.x] = 1882; }
__global__ void k1883(float* p) { p[threadIdx.x] = 1883; }
__global__ void k1884(float* p) { p[threadIdx.x] = 1884; }
__global__ void k1885(float* p) { p[threadIdx.x] = 1885; }
__global__ void k1886(float* p) { p[threadIdx.x] = 1886; }
__global__ void k1887(float* p) { p[threadIdx.x] = 1887; }
__global__ void k1888(float* p) { p[threadIdx.x] = 1888; }
__global__ void k1889(float* p) { p[threadIdx.x] = 1889; }
__global__ void k1890(float* p) { p[threadIdx.x] = 1890; }
__global__ void k1891(float* p) { p[threadIdx.x] = 1891; }
__global__ void k1892(float* p) { p[threadIdx.x] = 1892; }
__global__ void k1893(float* p) { p[threadIdx.x] = 1893; }
__global__ void k1894(float* p) { p[threadIdx.x] = 1894; }
__global__ void k1895(float* p) { p[threadIdx.x] = 1895; }
__global__ void k1896(float* p) { p[threadIdx.x] = 1896; }
__global__ void k1897(float* p) { p[threadIdx.x] = 1897; }
__global__ void k1898(float* p) { p[threadIdx.x] = 1898; }
__global__ void k1899(float* p) { p[threadIdx.x] = 1899; }
__global__ void k1900(float* p) { p[threadIdx.x] = 1900; }
__global__ void k1901(float* p) { p[threadIdx.x] = 1901; }
__global__ void k1902(float* p) { p[threadIdx.x] = 1902; }
__global__ void k1903(float* p) { p[threadIdx.x] = 1903; }
__global__ void k1904(float* p) { p[threadIdx.x] = 1904; }
__global__ void k1905(float* p) { p[threadIdx.x] = 1905; }
__global__ void k1906(float* p) { p[threadIdx.x] = 1906; }
__global__ void k1907(float* p) { p[threadIdx.x] = 1907; }
__global__ void k1908(float* p) { p[threadIdx.x] = 1908; }
__global__ void k1909(float* p) { p[threadIdx.x] = 1909; }
__global__ void k1910(float* p) { p[threadIdx.x] = 1910; }
__global__ void k1911(float* p) { p[threadIdx.x] = 1911; }
__global__ void k1912(float* p) { p[threadIdx.x] = 1912; }
__global__ void k1913(float* p) { p[threadIdx.x] = 1913; }
__global__ void k1914(float* p) { p[threadIdx.x] = 1914; }
__global__ void k1915(float* p) { p[threadIdx.x] = 1915; }
__global__ void k1916(float* p) { p[threadIdx.x] = 1916; }
__global__ void k1917(float* p) { p[threadIdx.x] = 1917; }
__global__ void k1918(float* p) { p[threadIdx.x] = 1918; }
__global__ void k1919(float* p) { p[threadIdx.x] = 1919; }
__global__ void k1920(float* p) { p[threadIdx.x] = 1920; }
__global__ void k1921(float* p) { p[threadIdx.x] = 1921; }
__global__ void k1922(float* p) { p[threadIdx.x] = 1922; }
__global__ void k1923(float* p) { p[threadIdx.x] = 1923; }
__global__ void k1924(float* p) { p[threadIdx.x] = 1924; }
__global__ void k1925(float* p) { p[threadIdx.x] = 1925; }
__global__ void k1926(float* p) { p[threadIdx.x] = 1926; }
__global__ void k1927(float* p) { p[threadIdx.x] = 1927; }
__global__ void k1928(float* p) { p[threadIdx.x] = 1928; }
__global__ void k1929(float* p) { p[threadIdx.x] = 1929; }
__global__ void k1930(float* p) { p[threadIdx.x] = 1930; }
__global__ void k1931(float* p) { p[threadIdx.x] = 1931; }
__global__ void k1932(float* p) { p[threadIdx.x] = 1932; }
__global__ void k1933(float* p) { p[threadIdx.x] = 1933; }
__global__ void k1934(float* p) { p[threadIdx.x] = 1934; }
__global__ void k1935(float* p) { p[threadIdx.x] = 1935; }
__global__ void k1936(float* p) { p[threadIdx.x] = 1936; }
__global__ void k1937(float* p) { p[threadIdx.x] = 1937; }
__global__ void k1938(float* p) { p[threadIdx.x] = 1938; }
__global__ void k1939(float* p) { p[threadIdx.x] = 1939; }
__global__ void k1940(float* p) { p[threadIdx.x] = 1940; }
__global__ void k1941(float* p) { p[threadIdx.x] = 1941; }
__global__ void k1942(float* p) { p[threadIdx.x] = 1942; }
__global__ void k1943(float* p) { p[threadIdx.x] = 1943; }
__global__ void k1944(float* p) { p[threadIdx.x] = 1944; }
__global__ void k1945(float* p) { p[threadIdx.x] = 1945; }
__global__ void k1946(float* p) { p[threadIdx.x] = 1946; }
__global__ void k1947(float* p) { p[threadIdx.x] = 1947; }
__global__ void k1948(float* p) { p[threadIdx.x] = 1948; }
__global__ void k1949(float* p) { p[threadIdx.x] = 1949; }
__global__ void k1950(float* p) { p[threadIdx.x] = 1950; }
__global__ void k1951(float* p) { p[threadIdx.x] = 1951; }
__global__ void k1952(float* p) { p[threadIdx.x] = 1952; }
__global__ void k1953(float* p) { p[threadIdx.x] = 1953; }
__global__ void k1954(float* p) { p[threadIdx.x] = 1954; }
__global__ void k1955(float* p) { p[threadIdx.x] = 1955; }
__global__ void k1956(float* p) { p[threadIdx.x] = 1956; }
__global__ void k1957(float* p) { p[threadIdx.x] = 1957; }
__global__ void k1958(float* p) { p[threadIdx.x] = 1958; }
__global__ void k1959(float* p) { p[threadIdx.x] = 1959; }
__global__ void k1960(float* p) { p[threadIdx.x] = 1960; }
__global__ void k1961(float* p) { p[threadIdx.x] = 1961; }
__global__ void k1962(float* p) { p[threadIdx.x] = 1962; }
__global__ void k1963(float* p) { p[threadIdx.x] = 1963; }
__global__ void k1964(float* p) { p[threadIdx.x] = 1964; }
__global__ void k1965(float* p) { p[threadIdx.x] = 1965; }
__global__ void k1966(float* p) { p[threadIdx.x] = 1966; }
__global__ void k1967(float* p) { p[threadIdx.x] = 1967; }
__global__ void k1968(float* p) { p[threadIdx.x] = 1968; }
__global__ void k1969(float* p) { p[threadIdx.x] = 1969; }
__global__ void k1970(float* p) { p[threadIdx.x] = 1970; }
__global__ void k1971(float* p) { p[threadIdx.x] = 1971; }
__global__ void k1972(float* p) { p[threadIdx.x] = 1972; }
__global__ void k1973(float* p) { p[threadIdx.x] = 1973; }
__global__ void k1974(float* p) { p[threadIdx.x] = 1974; }
__global__ void k1975(float* p) { p[threadIdx.x] = 1975; }
__global__ void k1976(float* p) { p[threadIdx.x] = 1976; }
__global__ void k1977(float* p) { p[threadIdx.x] = 1977; }
__global__ void k1978(float* p) { p[threadIdx.x] = 1978; }
__global__ void k1979(float* p) { p[threadIdx.x] = 1979; }
__global__ void k1980(float* p) { p[threadIdx.x] = 1980; }
__global__ void k1981(float* p) { p[threadIdx.x] = 1981; }
__global__ void k1982(float* p) { p[threadIdx.x] = 1982; }
__global__ void k1983(float* p) { p[threadIdx.x] = 1983; }
__global__ void k1984(float* p) { p[threadIdx.x] = 1984; }
__global__ void k1985(float* p) { p[threadIdx.x] = 1985; }
__global__ void k1986(float* p) { p[threadIdx.x] = 1986; }
__global__ void k1987(float* p) { p[threadIdx.x] = 1987; }
__global__ void k1988(float* p) { p[threadIdx.x] = 1988; }
__global__ void k1989(float* p) { p[threadIdx.x] = 1989; }
__global__ void k1990(float* p) { p[threadIdx.x] = 1990; }
__global__ void k1991(float* p) { p[threadIdx.x] = 1991; }
__global__ void k1992(float* p) { p[threadIdx.x] = 1992; }
__global__ void k1993(float* p) { p[threadIdx.x] = 1993; }
__global__ void k1994(float* p) { p[threadIdx.x] = 1994; }
__global__ void k1995(float* p) { p[threadIdx.x] = 1995; }
__global__ void k1996(float* p) { p[threadIdx.x] = 1996; }
__global__ void k1997(float* p) { p[threadIdx.x] = 1997; }
__global__ void k1998(float* p) { p[threadIdx.x] = 1998; }
__global__ void k1999(float* p) { p[threadIdx.x] = 1999; }
void run(float* p) {
  k0<<<1, 64>>>(p);
  k1<<<1, 64>>>(p);
  k2<<<1, 64>>>(p);
  k3<<<1, 64>>>(p);
  k4<<<1, 64>>>(p);
  k5<<<1, 64>>>(p);
  k6<<<1, 64>>>(p);
  k7<<<1, 64>>>(p);
  k8<<<1, 64>>>(p);
  k9<<<1, 64>>>(p);
  k10<<<1, 64>>>(p);
  k11<<<1, 64>>>(p);
  k12<<<1, 64>>>(p);
  k13<<<1, 64>>>(p);
  k14<<<1, 64>>>(p);
  k15<<<1, 64>>>(p);
  k16<<<1, 64>>>(p);
  k17<<<1, 64>>>(p);
  k18<<<1, 64>>>(p);
  k19<<<1, 64>>>(p);
  k20<<<1, 64>>>(p);
  k21<<<1, 64>>>(p);
  k22<<<1, 64>>>(p);
  k23<<<1, 64>>>(p);
  k24<<<1, 64>>>(p);
  k25<<<1, 64>>>(p);
  k26<<<1, 64>>>(p);
  k27<<<1, 64>>>(p);
  k28<<<1, 64>>>(p);
  k29<<<1, 64>>>(p);
  k30<<<1, 64>>>(p);
  k31<<<1, 64>>>(p);
  k32<<<1, 64>>>(p);
  k33<<<1, 64>>>(p);
  k34<<<1, 64>>>(p);
  k35<<<1, 64>>>(p);
  k36<<<1, 64>>>(p);
  k37<<<1, 64>>>(p);
  k38<<<1, 64>>>(p);
  k39<<<1, 64>>>(p);
  k40<<<1, 64>>>(p);
  k41<<<1, 64>>>(p);
  k42<<<1, 64>>>(p);
  k43<<<1, 64>>>(p);
  k44<<<1, 64>>>(p);
  k45<<<1, 64>>>(p);
  k46<<<1, 64>>>(p);
  k47<<<1, 64>>>(p);
  k48<<<1, 64>>>(p);
  k49<<<1, 64>>>(p);
  k50<<<1, 64>>>(p);
  k51<<<1, 64>>>(p);
  k52<<<1, 64>>>(p);
  k53<<<1, 64>>>(p);
  k54<<<1, 64>>>(p);
  k55<<<1, 64>>>(p);
  k56<<<1, 64>>>(p);
  k57<<<1, 64>>>(p);
  k58<<<1, 64>>>(p);
  k59<<<1, 64>>>(p);
  k60<<<1, 64>>>(p);
  k61<<<1, 64>>>(p);
  k62<<<1, 64>>>(p);
  k63<<<1, 64>>>(p);
  k64<<<1, 64>>>(p);
  k65<<<1, 64>>>(p);
  k66<<<1, 64>>>(p);
  k67<<<1, 64>>>(p);
  k68<<<1, 64>>>(p);
  k69<<<1, 64>>>(p);
  k70<<<1, 64>>>(p);
  k71<<<1, 64>>>(p);
  k72<<<1, 64>>>(p);
  k73<<<1, 64>>>(p);
  k74<<<1, 64>>>(p);
  k75<<<1, 64>>>(p);
  k76<<<1, 64>>>(p);
  k77<<<1, 64>>>(p);
  k78<<<1, 64>>>(p);
  k79<<<1, 64>>>(p);
  k80<<<1, 64>>>(p);
  k81<<<1, 64>>>(p);
  k82<<<1, 64>>>(p);
  k83<<<1, 64>>>(p);
  k84<<<1, 64>>>(p);
  k85<<<1, 64>>>(p);
  k86<<<1, 64>>>(p);
  k87<<<1, 64>>>(p);
  k88<<<1, 64>>>(p);
  k89<<<1, 64>>>(p);
  k90<<<1, 64>>>(p);
  k91<<<1, 64>>>(p);
  k92<<<1, 64>>>(p);
  k93<<<1, 64>>>(p);
  k94<<<1, 64>>>(p);
  k95<<<1, 64>>>(p);
  k96<<<1, 64>>>(p);
  k97<<<1, 64>>>(p);
  k98<<<1, 64>>>(p);
  k99<<<1, 64>>>(p);
  k100<<<1, 64>>>(p);
  k101<<<1, 64>>>(p);
  k102<<<1, 64>>>(p);
  k103<<<1, 64>>>(p);
  k104<<<1, 64>>>(p);
  k105<<<1, 64>>>(p);
  k106<<<1, 64>>>(p);
  k107<<<1, 64>>>(p);
  k108<<<1, 64>>>(p);
  k109<<<1, 64>>>(p);
  k110<<<1, 64>>>(p);
  k111<<<1, 64>>>(p);
  k112<<<1, 64>>>(p);
  k113<<<1, 64>>>(p);
  k114<<<1, 64>>>(p);
  k115<<<1, 64>>>(p);
  k116<<<1, 64>>>(p);
  k117<<<1, 64>>>(p);
  k118<<<1, 64>>>(p);
  k119<<<1, 64>>>(p);
  k120<<<1, 64>>>(p);
  k121<<<1, 64>>>(p);
  k122<<<1, 64>>>(p);
  k123<<<1, 64>>>(p);
  k124<<<1, 64>>>(p);
  k125<<<1, 64>>>(p);
  k126<<<1, 64>>>(p);
  k127<<<1, 64>>>(p);
  k128<<<1, 64>>>(p);
  k129<<<1, 64>>>(p);
  k130<<<1, 64>>>(p);
  k131<<<1, 64>>>(p);
  k132<<<1, 64>>>(p);
  k133<<<1, 64>>>(p);
  k134<<<1, 64>>>(p);
  k135<<<1, 64>>>(p);
  k136<<<1, 64>>>(p);
  k137<<<1, 64>>>(p);
  k138<<<1, 64>>>(p);
  k139<<<1, 64>>>(p);
  k140<<<1, 64>>>(p);
  k141<<<1, 64>>>(p);
  k142<<<1, 64>>>(p);
  k143<<<1, 64>>>(p);
  k144<<<1, 64>>>(p);
  k145<<<1, 64>>>(p);
  k146<<<1, 64>>>(p);
  k147<<<1, 64>>>(p);
  k148<<<1, 64>>>(p);
  k149<<<1, 64>>>(p);
  k150<<<1, 64>>>(p);
  k151<<<1, 64>>>(p);
  k152<<<1, 64>>>(p);
  k153<<<1, 64>>>(p);
  k154<<<1, 64>>>(p);
  k155<<<1, 64>>>(p);
  k156<<<1, 64>>>(p);
  k157<<<1, 64>>>(p);
  k158<<<1, 64>>>(p);
  k159<<<1, 64>>>(p);
  k160<<<1, 64>>>(p);
  k161<<<1, 64>>>(p);
  k162<<<1, 64>>>(p);
  k163<<<1, 64>>>(p);
  k164<<<1, 64>>>(p);
  k165<<<1, 64>>>(p);
  k166<<<1, 64>>>(p);
  k167<<<1, 64>>>(p);
  k168<<<1, 64>>>(p);
  k169<<<1, 64>>>(p);
  k170<<<1, 64>>>(p);
  k171<<<1, 64>>>(p);
  k172<<<1, 64>>>(p);
  k173<<<1, 64>>>(p);
  k174<<<1, 64>>>(p);
  k175<<<1, 64>>>(p);
  k176<<<1, 64>>>(p);
  k177<<<1, 64>>>(p);
  k178<<<1, 64>>>(p);
  k179<<<1, 64>>>(p);
  k180<<<1, 64>>>(p);
  k181<<<1, 64>>>(p);
  k182<<<1, 64>>>(p);
  k183<<<1, 64>>>(p);
  k184<<<1, 64>>>(p);
  k185<<<1, 64>>>(p);
  k186<<<1, 64>>>(p);
  k187<<<1, 64>>>(p);
  k188<<<1, 64>>>(p);
  k189<<<1, 64>>>(p);
  k190<<<1, 64>>>(p);
  k191<<<1, 64>>>(p);
  k192<<<1, 64>>>(p);
  k193<<<1, 64>>>(p);
  k194<<<1, 64>>>(p);
  k195<<<1, 64>>>(p);
  k196<<<1, 64>>>(p);
  k197<<<1, 64>>>(p);
  k198<<<1, 64>>>(p);
  k199<<<1, 64>>>(p);
  k200<<<1, 64>>>(p);
  k201<<<1, 64>>>(p);
  k202<<<1, 64>>>(p);
  k203<<<1, 64>>>(p);
  k204<<<1, 64>>>(p);
  k205<<<1, 64>>>(p);
  k206<<<1, 64>>>(p);
  k207<<<1, 64>>>(p);
  k208<<<1, 64>>>(p);
  k209<<<1, 64>>>(p);
  k210<<<1, 64>>>(p);
  k211<<<1, 64>>>(p);
  k212<<<1, 64>>>(p);
  k213<<<1, 64>>>(p);
  k214<<<1, 64>>>(p);
  k215<<<1, 64>>>(p);
  k216<<<1, 64>>>(p);
  k217<<<1, 64>>>(p);
  k218<<<1, 64>>>(p);
  k219<<<1, 64>>>(p);
  k220<<<1, 64>>>(p);
  k221<<<1, 64>>>(p);
  k222<<<1, 64>>>(p);
  k223<<<1, 64>>>(p);
  k224<<<1, 64>>>(p);
  k225<<<1, 64>>>(p);
  k226<<<1, 64>>>(p);
  k227<<<1, 64>>>(p);
  k228<<<1, 64>>>(p);
  k229<<<1, 64>>>(p);
  k230<<<1, 64>>>(p);
  k231<<<1, 64>>>(p);
  k232<<<1, 64>>>(p);
  k233<<<1, 64>>>(p);
  k234<<<1, 64>>>(p);
  k235<<<1, 64>>>(p);
  k236<<<1, 64>>>(p);
  k237<<<1, 64>>>(p);
  k238<<<1, 64>>>(p);
  k239<<<1, 64>>>(p);
  k240<<<1, 64>>>(p);
  k241<<<1, 64>>>(p);
  k242<<<1, 64>>>(p);
  k243<<<1, 64>>>(p);
  k244<<<1, 64>>>(p);
  k245<<<1, 64>>>(p);
  k246<<<1, 64>>>(p);
  k247<<<1, 64>>>(p);
  k248<<<1, 64>>>(p);
  k249<<<1, 64>>>(p);
  k250<<<1, 64>>>(p);
  k251<<<1, 64>>>(p);
  k252<<<1, 64>>>(p);
  k253<<<1, 64>>>(p);
  k254<<<1, 64>>>(p);
  k255<<<1, 64>>>(p);
  k256<<<1, 64>>>(p);
  k257<<<1, 64>>>(p);
  k258<<<1, 64>>>(p);
  k259<<<1, 64>>>(p);
  k260<<<1, 64>>>(p);
  k261<<<1, 64>>>(p);
  k262<<<1, 64>>>(p);
  k263<<<1, 64>>>(p);
  k264<<<1, 64>>>(p);
  k265<<<1, 64>>>(p);
  k266<<<1, 64>>>(p);
  k267<<<1, 64>>>(p);
  k268<<<1, 64>>>(p);
  k269<<<1, 64>>>(p);
  k270<<<1, 64>>>(p);
  k271<<<1, 64>>>(p);
  k272<<<1, 64>>>(p);
  k273<<<1, 64>>>(p);
  k274<<<1, 64>>>(p);
  k275<<<1, 64>>>(p);
  k276<<<1, 64>>>(p);
  k277<<<1, 64>>>(p);
  k278<<<1, 64>>>(p);
  k279<<<1, 64>>>(p);
  k280<<<1, 64>>>(p);
  k281<<<1, 64>>>(p);
  k282<<<1, 64>>>(p);
  k283<<<1, 64>>>(p);
  k284<<<1, 64>>>(p);
  k285<<<1, 64>>>(p);
  k286<<<1, 64>>>(p);
  k287<<<1, 64>>>(p);
  k288<<<1, 64>>>(p);
  k289<<<1, 64>>>(p);
  k290<<<1, 64>>>(p);
  k291<<<1, 64>>>(p);
  k292<<<1, 64>>>(p);
  k293<<<1, 64>>>(p);
  k294<<<1, 64>>>(p);
  k295<<<1, 64>>>(p);
  k296<<<1, 64>>>(p);
  k297<<<1, 64>>>(p);
  k298<<<1, 64>>>(p);
  k299<<<1, 64>>>(p);
  k300<<<1, 64>>>(p);
  k301<<<1, 64>>>(p);
  k302<<<1, 64>>>(p);
  k303<<<1, 64>>>(p);
  k304<<<1, 64>>>(p);
  k305<<<1, 64>>>(p);
  k306<<<1, 64>>>(p);
  k307<<<1, 64>>>(p);
  k308<<<1, 64>>>(p);
  k309<<<1, 64>>>(p);
  k310<<<1, 64>>>(p);
  k311<<<1, 64>>>(p);
  k312<<<1, 64>>>(p);
  k313<<<1, 64>>>(p);
  k314<<<1, 64>>>(p);
  k315<<<1, 64>>>(p);
  k316<<<1, 64>>>(p);
  k317<<<1, 64>>>(p);
  k318<<<1, 64>>>(p);
  k319<<<1, 64>>>(p);
  k320<<<1, 64>>>(p);
  k321<<<1, 64>>>(p);
  k322<<<1, 64>>>(p);
  k323<<<1, 64>>>(p);
  k324<<<1, 64>>>(p);
  k325<<<1, 64>>>(p);
  k326<<<1, 64>>>(p);
  k327<<<1, 64>>>(p);
  k328<<<1, 64>>>(p);
  k329<<<1, 64>>>(p);
  k330<<<1, 64>>>(p);
  k331<<<1, 64>>>(p);
  k332<<<1, 64>>>(p);
  k333<<<1, 64>>>(p);
  k334<<<1, 64>>>(p);
  k335<<<1, 64>>>(p);
  k336<<<1, 64>>>(p);
  k337<<<1, 64>>>(p);
  k338<<<1, 64>>>(p);
  k339<<<1, 64>>>(p);
  k340<<<1, 64>>>(p);
  k341<<<1, 64>>>(p);
  k342<<<1, 64>>>(p);
  k343<<<1, 64>>>(p);
  k344<<<1, 64>>>(p);
  k345<<<1, 64>>>(p);
  k346<<<1, 64>>>(p);
  k347<<<1, 64>>>(p);
  k348<<<1, 64>>>(p);
  k349<<<1, 64>>>(p);
  k350<<<1, 64>>>(p);
  k351<<<1, 64>>>(p);
  k352<<<1, 64>>>(p);
  k353<<<1, 64>>>(p);
  k354<<<1, 64>>>(p);
  k355<<<1, 64>>>(p);
  k356<<<1, 64>>>(p);
  k357<<<1, 64>>>(p);
  k358<<<1, 64>>>(p);
  k359<<<1, 64>>>(p);
  k360<<<1, 64>>>(p);
  k361<<<1, 64>>>(p);
  k362<<<1, 64>>>(p);
  k363<<<1, 64>>>(p);
  k364<<<1, 64>>>(p);
  k365<<<1, 64>>>(p);
  k366<<<1, 64>>>(p);
  k367<<<1, 64>>>(p);
  k368<<<1, 64>>>(p);
  k369<<<1, 64>>>(p);
  k370<<<1, 64>>>(p);
  k371<<<1, 64>>>(p);
  k372<<<1, 64>>>(p);
  k373<<<1, 64>>>(p);
  k374<<<1, 64>>>(p);
  k375<<<1, 64>>>(p);
  k376<<<1, 64>>>(p);
  k377<<<1, 64>>>(p);
  k378<<<1, 64>>>(p);
  k379<<<1, 64>>>(p);
  k380<<<1, 64>>>(p);
  k381<<<1, 64>>>(p);
  k382<<<1, 64>>>(p);
  k383<<<1, 64>>>(p);
  k384<<<1, 64>>>(p);
  k385<<<1, 64>>>(p);
  k386<<<1, 64>>>(p);
  k387<<<1, 64>>>(p);
  k388<<<1, 64>>>(p);
  k389<<<1, 64>>>(p);
  k390<<<1, 64>>>(p);
  k391<<<1, 64>>>(p);
  k392<<<1, 64>>>(p);
  k393<<<1, 64>>>(p);
  k394<<<1, 64>>>(p);
  k395<<<1, 64>>>(p);
  k396<<<1, 64>>>(p);
  k397<<<1, 64>>>(p);
  k398<<<1, 64>>>(p);
  k399<<<1, 64>>>(p);
  k400<<<1, 64>>>(p);
  k401<<<1, 64>>>(p);
  k402<<<1, 64>>>(p);
  k403<<<1, 64>>>(p);
  k404<<<1, 64>>>(p);
  k405<<<1, 64>>>(p);
  k406<<<1, 64>>>(p);
  k407<<<1, 64>>>(p);
  k408<<<1, 64>>>(p);
  k409<<<1, 64>>>(p);
  k410<<<1, 64>>>(p);
  k411<<<1, 64>>>(p);
  k412<<<1, 64>>>(p);
  k413<<<1, 64>>>(p);
  k414<<<1, 64>>>(p);
  k415<<<1, 64>>>(p);
  k416<<<1, 64>>>(p);
  k417<<<1, 64>>>(p);
  k418<<<1, 64>>>(p);
  k419<<<1, 64>>>(p);
  k420<<<1, 64>>>(p);
  k421<<<1, 64>>>(p);
  k422<<<1, 64>>>(p);
  k423<<<1, 64>>>(p);
  k424<<<1, 64>>>(p);
  k425<<<1, 64>>>(p);
  k426<<<1, 64>>>(p);
  k427<<<1, 64>>>(p);
  k428<<<1, 64>>>(p);
  k429<<<1, 64>>>(p);
  k430<<<1, 64>>>(p);
  k431<<<1, 64>>>(p);
  k432<<<1, 64>>>(p);
  k433<<<1, 64>>>(p);
  k434<<<1, 64>>>(p);
  k435<<<1, 64>>>(p);
  k436<<<1, 64>>>(p);
  k437<<<1, 64>>>(p);
  k438<<<1, 64>>>(p);
  k439<<<1, 64>>>(p);
  k440<<<1, 64>>>(p);
  k441<<<1, 64>>>(p);
  k442<<<1, 64>>>(p);
  k443<<<1, 64>>>(p);
  k444<<<1, 64>>>(p);
  k445<<<1, 64>>>(p);
  k446<<<1, 64>>>(p);
  k447<<<1, 64>>>(p);
  k448<<<1, 64>>>(p);
  k449<<<1, 64>>>(p);
  k450<<<1, 64>>>(p);
  k451<<<1, 64>>>(p);
  k452<<<1, 64>>>(p);
  k453<<<1, 64>>>(p);
  k454<<<1, 64>>>(p);
  k455<<<1, 64>>>(p);
  k456<<<1, 64>>>(p);
  k457<<<1, 64>>>(p);
  k458<<<1, 64>>>(p);
  k459<<<1, 64>>>(p);
  k460<<<1, 64>>>(p);
  k461<<<1, 64>>>(p);
  k462<<<1, 64>>>(p);
  k463<<<1, 64>>>(p);
  k464<<<1, 64>>>(p);
  k465<<<1, 64>>>(p);
  k466<<<1, 64>>>(p);
  k467<<<1, 64>>>(p);
  k468<<<1, 64>>>(p);
  k469<<<1, 64>>>(p);
  k470<<<1, 64>>>(p);
  k471<<<1, 64>>>(p);
  k472<<<1, 64>>>(p);
  k473<<<1, 64>>>(p);
  k474<<<1, 64>>>(p);
  k475<<<1, 64>>>(p);
  k476<<<1, 64>>>(p);
  k477<<<1, 64>>>(p);
  k478<<<1, 64>>>(p);
  k479<<<1, 64>>>(p);
  k480<<<1, 64>>>(p);
  k481<<<1, 64>>>(p);
  k482<<<1, 64>>>(p);
  k483<<<1, 64>>>(p);
  k484<<<1, 64>>>(p);
  k485<<<1, 64>>>(p);
  k486<<<1, 64>>>(p);
  k487<<<1, 64>>>(p);
  k488<<<1, 64>>>(p);
  k489<<<1, 64>>>(p);
  k490<<<1, 64>>>(p);
  k491<<<1, 64>>>(p);
  k492<<<1, 64>>>(p);
  k493<<<1, 64>>>(p);
  k494<<<1, 64>>>(p);
  k495<<<1, 64>>>(p);
  k496<<<1, 64>>>(p);
  k497<<<1, 64>>>(p);
  k498<<<1, 64>>>(p);
  k499<<<1, 64>>>(p);
  k500<<<1, 64>>>(p);
  k501<<<1, 64>>>(p);
  k502<<<1, 64>>>(p);
  k503<<<1, 64>>>(p);
  k504<<<1, 64>>>(p);
  k505<<<1, 64>>>(p);
  k506<<<1, 64>>>(p);
  k507<<<1, 64>>>(p);
  k508<<<1, 64>>>(p);
  k509<<<1, 64>>>(p);
  k510<<<1, 64>>>(p);
  k511<<<1, 64>>>(p);
  k512<<<1, 64>>>(p);
  k513<<<1, 64>>>(p);
  k514<<<1, 64>>>(p);
  k515<<<1, 64>>>(p);
  k516<<<1, 64>>>(p);
  k517<<<1, 64>>>(p);
  k518<<<1, 64>>>(p);
  k519<<<1, 64>>>(p);
  k520<<<1, 64>>>(p);
  k521<<<1, 64>>>(p);
  k522<<<1, 64>>>(p);
  k523<<<1, 64>>>(p);
  k524<<<1, 64>>>(p);
  k525<<<1, 64>>>(p);
  k526<<<1, 64>>>(p);
  k527<<<1, 64>>>(p);
  k528<<<1, 64>>>(p);
  k529<<<1, 64>>>(p);
  k530<<<1, 64>>>(p);
  k531<<<1, 64>>>(p);
  k532<<<1, 64>>>(p);
  k533<<<1, 64>>>(p);
  k534<<<1, 64>>>(p);
  k535<<<1, 64>>>(p);
  k536<<<1, 64>>>(p);
  k537<<<1, 64>>>(p);
  k538<<<1, 64>>>(p);
  k539<<<1, 64>>>(p);
  k540<<<1, 64>>>(p);
  k541<<<1, 64>>>(p);
  k542<<<1, 64>>>(p);
  k543<<<1, 64>>>(p);
  k544<<<1, 64>>>(p);
  k545<<<1, 64>>>(p);
  k546<<<1, 64>>>(p);
  k547<<<1, 64>>>(p);
  k548<<<1, 64>>>(p);
  k549<<<1, 64>>>(p);
  k550<<<1, 64>>>(p);
  k551<<<1, 64>>>(p);
  k552<<<1, 64>>>(p);
  k553<<<1, 64>>>(p);
  k554<<<1, 64>>>(p);
  k555<<<1, 64>>>(p);
  k556<<<1, 64>>>(p);
  k557<<<1, 64>>>(p);
  k558<<<1, 64>>>(p);
  k559<<<1, 64>>>(p);
  k560<<<1, 64>>>(p);
  k561<<<1, 64>>>(p);
  k562<<<1, 64>>>(p);
  k563<<<1, 64>>>(p);
  k564<<<1, 64>>>(p);
  k565<<<1, 64>>>(p);
  k566<<<1, 64>>>(p);
  k567<<<1, 64>>>(p);
  k568<<<1, 64>>>(p);
  k569<<<1, 64>>>(p);
  k570<<<1, 64>>>(p);
  k571<<<1, 64>>>(p);
  k572<<<1, 64>>>(p);
  k573<<<1, 64>>>(p);
  k574<<<1, 64>>>(p);
  k575<<<1, 64>>>(p);
  k576<<<1, 64>>>(p);
  k577<<<1, 64>>>(p);
  k578<<<1, 64>>>(p);
  k579<<<1, 64>>>(p);
  k580<<<1, 64>>>(p);
  k581<<<1, 64>>>(p);
  k582<<<1, 64>>>(p);
  k583<<<1, 64>>>(p);
  k584<<<1, 64>>>(p);
  k585<<<1, 64>>>(p);
  k586<<<1, 64>>>(p);
  k587<<<1, 64>>>(p);
  k588<<<1, 64>>>(p);
  k589<<<1, 64>>>(p);
  k590<<<1, 64>>>(p);
  k591<<<1, 64>>>(p);
  k592<<<1, 64>>>(p);
  k593<<<1, 64>>>(p);
  k594<<<1, 64>>>(p);
  k595<<<1, 64>>>(p);
  k596<<<1, 64>>>(p);
  k597<<<1, 64>>>(p);
  k598<<<1, 64>>>(p);
  k599<<<1, 64>>>(p);
  k600<<<1, 64>>>(p);
  k601<<<1, 64>>>(p);
  k602<<<1, 64>>>(p);
  k603<<<1, 64>>>(p);
  k604<<<1, 64>>>(p);
  k605<<<1, 64>>>(p);
  k606<<<1, 64>>>(p);
  k607<<<1, 64>>>(p);
  k608<<<1, 64>>>(p);
  k609<<<1, 64>>>(p);
  k610<<<1, 64>>>(p);
  k611<<<1, 64>>>(p);
  k612<<<1, 64>>>(p);
  k613<<<1, 64>>>(p);
  k614<<<1, 64>>>(p);
  k615<<<1, 64>>>(p);
  k616<<<1, 64>>>(p);
  k617<<<1, 64>>>(p);
  k618<<<1, 64>>>(p);
  k619<<<1, 64>>>(p);
  k620<<<1, 64>>>(p);
  k621<<<1, 64>>>(p);
  k622<<<1, 64>>>(p);
  k623<<<1, 64>>>(p);
  k624<<<1, 64>>>(p);
  k625<<<1, 64>>>(p);
  k626<<<1, 64>>>(p);
  k627<<<1, 64>>>(p);
  k628<<<1, 64>>>(p);
  k629<<<1, 64>>>(p);
  k630<<<1, 64>>>(p);
  k631<<<1, 64>>>(p);
  k632<<<1, 64>>>(p);
  k633<<<1, 64>>>(p);
  k634<<<1, 64>>>(p);
  k635<<<1, 64>>>(p);
  k636<<<1, 64>>>(p);
  k637<<<1, 64>>>(p);
  k638<<<1, 64>>>(p);
  k639<<<1, 64>>>(p);
  k640<<<1, 64>>>(p);
  k641<<<1, 64>>>(p);
  k642<<<1, 64>>>(p);
  k643<<<1, 64>>>(p);
  k644<<<1, 64>>>(p);
  k645<<<1, 64>>>(p);
  k646<<<1, 64>>>(p);
  k647<<<1, 64>>>(p);
  k648<<<1, 64>>>(p);
  k649<<<1, 64>>>(p);
  k650<<<1, 64>>>(p);
  k651<<<1, 64>>>(p);
  k652<<<1, 64>>>(p);
  k653<<<1, 64>>>(p);
  k654<<<1, 64>>>(p);
  k655<<<1, 64>>>(p);
  k656<<<1, 64>>>(p);
  k657<<<1, 64>>>(p);
  k658<<<1, 64>>>(p);
  k659<<<1, 64>>>(p);
  k660<<<1, 64>>>(p);
  k661<<<1, 64>>>(p);
  k662<<<1, 64>>>(p);
  k663<<<1, 64>>>(p);
  k664<<<1, 64>>>(p);
  k665<<<1, 64>>>(p);
  k666<<<1, 64>>>(p);
  k667<<<1, 64>>>(p);
  k668<<<1, 64>>>(p);
  k669<<<1, 64>>>(p);
  k670<<<1, 64>>>(p);
  k671<<<1, 64>>>(p);
  k672<<<1, 64>>>(p);
  k673<<<1, 64>>>(p);
  k674<<<1, 64>>>(p);
  k675<<<1, 64>>>(p);
  k676<<<1, 64>>>(p);
  k677<<<1, 64>>>(p);
  k678<<<1, 64>>>(p);
  k679<<<1, 64>>>(p);
  k680<<<1, 64>>>(p);
  k681<<<1, 64>>>(p);
  k682<<<1, 64>>>(p);
  k683<<<1, 64>>>(p);
  k684<<<1, 64>>>(p);
  k685<<<1, 64>>>(p);
  k686<<<1, 64>>>(p);
  k687<<<1, 64>>>(p);
  k688<<<1, 64>>>(p);
  k689<<<1, 64>>>(p);
  k690<<<1, 64>>>(p);
  k691<<<1, 64>>>(p);
  k692<<<1, 64>>>(p);
  k693<<<1, 64>>>(p);
  k694<<<1, 64>>>(p);
  k695<<<1, 64>>>(p);
  k696<<<1, 64>>>(p);
  k697<<<1, 64>>>(p);
  k698<<<1, 64>>>(p);
  k699<<<1, 64>>>(p);
  k700<<<1, 64>>>(p);
  k701<<<1, 64>>>(p);
  k702<<<1, 64>>>(p);
  k703<<<1, 64>>>(p);
  k704<<<1, 64>>>(p);
  k705<<<1, 64>>>(p);
  k706<<<1, 64>>>(p);
  k707<<<1, 64>>>(p);
  k708<<<1, 64>>>(p);
  k709<<<1, 64>>>(p);
  k710<<<1, 64>>>(p);
  k711<<<1, 64>>>(p);
  k712<<<1, 64>>>(p);
  k713<<<1, 64>>>(p);
  k714<<<1, 64>>>(p);
  k715<<<1, 64>>>(p);
  k716<<<1, 64>>>(p);
  k717<<<1, 64>>>(p);
  k718<<<1, 64>>>(p);
  k719<<<1, 64>>>(p);
  k720<<<1, 64>>>(p);
  k721<<<1, 64>>>(p);
  k722<<<1, 64>>>(p);
  k723<<<1, 64>>>(p);
  k724<<<1, 64>>>(p);
  k725<<<1, 64>>>(p);
  k726<<<1, 64>>>(p);
  k727<<<1, 64>>>(p);
  k728<<<1, 64>>>(p);
  k729<<<1, 64>>>(p);
  k730<<<1, 64>>>(p);
  k731<<<1, 64>>>(p);
  k732<<<1, 64>>>(p);
  k733<<<1, 64>>>(p);
  k734<<<1, 64>>>(p);
  k735<<<1, 64>>>(p);
  k736<<<1, 64>>>(p);
  k737<<<1, 64>>>(p);
  k738<<<1, 64>>>(p);
  k739<<<1, 64>>>(p);
  k740<<<1, 64>>>(p);
  k741<<<1, 64>>>(p);
  k742<<<1, 64>>>(p);
  k743<<<1, 64>>>(p);
  k744<<<1, 64>>>(p);
  k745<<<1, 64>>>(p);
  k746<<<1, 64>>>(p);
  k747<<<1, 64>>>(p);
  k748<<<1, 64>>>(p);
  k749<<<1, 64>>>(p);
  k750<<<1, 64>>>(p);
  k751<<<1, 64>>>(p);
  k752<<<1, 64>>>(p);
  k753<<<1, 64>>>(p);
  k754<<<1, 64>>>(p);
  k755<<<1, 64>>>(p);
  k756<<<1, 64>>>(p);
  k757<<<1, 64>>>(p);
  k758<<<1, 64>>>(p);
  k759<<<1, 64>>>(p);
  k760<<<1, 64>>>(p);
  k761<<<1, 64>>>(p);
  k762<<<1, 64>>>(p);
  k763<<<1, 64>>>(p);
  k764<<<1, 64>>>(p);
  k765<<<1, 64>>>(p);
  k766<<<1, 64>>>(p);
  k767<<<1, 64>>>(p);
  k768<<<1, 64>>>(p);
  k769<<<1, 64>>>(p);
  k770<<<1, 64>>>(p);
  k771<<<1, 64>>>(p);
  k772<<<1, 64>>>(p);
  k773<<<1, 64>>>(p);
  k774<<<1, 64>>>(p);
  k775<<<1, 64>>>(p);
  k776<<<1, 64>>>(p);
  k777<<<1, 64>>>(p);
  k778<<<1, 64>>>(p);
  k779<<<1, 64>>>(p);
  k780<<<1, 64>>>(p);
  k781<<<1, 64>>>(p);
  k782<<<1, 64>>>(p);
  k783<<<1, 64>>>(p);
  k784<<<1, 64>>>(p);
  k785<<<1, 64>>>(p);
  k786<<<1, 64>>>(p);
  k787<<<1, 64>>>(p);
  k788<<<1, 64>>>(p);
  k789<<<1, 64>>>(p);
  k790<<<1, 64>>>(p);
  k791<<<1, 64>>>(p);
  k792<<<1, 64>>>(p);
  k793<<<1, 64>>>(p);
  k794<<<1, 64>>>(p);
  k795<<<1, 64>>>(p);
  k796<<<1, 64>>>(p);
  k797<<<1, 64>>>(p);
  k798<<<1, 64>>>(p);
  k799<<<1, 64>>>(p);
  k800<<<1, 64>>>(p);
  k801<<<1, 64>>>(p);
  k802<<<1, 64>>>(p);
  k803<<<1, 64>>>(p);
  k804<<<1, 64>>>(p);
  k805<<<1, 64>>>(p);
  k806<<<1, 64>>>(p);
  k807<<<1, 64>>>(p);
  k808<<<1, 64>>>(p);
  k809<<<1, 64>>>(p);
  k810<<<1, 64>>>(p);
  k811<<<1, 64>>>(p);
  k812<<<1, 64>>>(p);
  k813<<<1, 64>>>(p);
  k814<<<1, 64>>>(p);
  k815<<<1, 64>>>(p);
  k816<<<1, 64>>>(p);
  k817<<<1, 64>>>(p);
  k818<<<1, 64>>>(p);
  k819<<<1, 64>>>(p);
  k820<<<1, 64>>>(p);
  k821<<<1, 64>>>(p);
  k822<<<1, 64>>>(p);
  k823<<<1, 64>>>(p);
  k824<<<1, 64>>>(p);
  k825<<<1, 64>>>(p);
  k826<<<1, 64>>>(p);
  k827<<<1, 64>>>(p);
  k828<<<1, 64>>>(p);
  k829<<<1, 64>>>(p);
  k830<<<1, 64>>>(p);
  k831<<<1, 64>>>(p);
  k832<<<1, 64>>>(p);
  k833<<<1, 64>>>(p);
  k834<<<1, 64>>>(p);
  k835<<<1, 64>>>(p);
  k836<<<1, 64>>>(p);
  k837<<<1, 64>>>(p);
  k838<<<1, 64>>>(p);
  k839<<<1, 64>>>(p);
  k840<<<1, 64>>>(p);
  k841<<<1, 64>>>(p);
  k842<<<1, 64>>>(p);
  k843<<<1, 64>>>(p);
  k844<<<1, 64>>>(p);
  k845<<<1, 64>>>(p);
  k846<<<1, 64>>>(p);
  k847<<<1, 64>>>(p);
  k848<<<1, 64>>>(p);
  k849<<<1, 64>>>(p);
  k850<<<1, 64>>>(p);
  k851<<<1, 64>>>(p);
  k852<<<1, 64>>>(p);
  k853<<<1, 64>>>(p);
  k854<<<1, 64>>>(p);
  k855<<<1, 64>>>(p);
  k856<<<1, 64>>>(p);
  k857<<<1, 64>>>(p);
  k858<<<1, 64>>>(p);
  k859<<<1, 64>>>(p);
  k860<<<1, 64>>>(p);
  k861<<<1, 64>>>(p);
  k862<<<1, 64>>>(p);
  k863<<<1, 64>>>(p);
  k864<<<1, 64>>>(p);
  k865<<<1, 64>>>(p);
  k866<<<1, 64>>>(p);
  k867<<<1, 64>>>(p);
  k868<<<1, 64>>>(p);
  k869<<<1, 64>>>(p);
  k870<<<1, 64>>>(p);
  k871<<<1, 64>>>(p);
  k872<<<1, 64>>>(p);
  k873<<<1, 64>>>(p);
  k874<<<1, 64>>>(p);
  k875<<<1, 64>>>(p);
  k876<<<1, 64>>>(p);
  k877<<<1, 64>>>(p);
  k878<<<1, 64>>>(p);
  k879<<<1, 64>>>(p);
  k880<<<1, 64>>>(p);
  k881<<<1, 64>>>(p);
  k882<<<1, 64>>>(p);
  k883<<<1, 64>>>(p);
  k884<<<1, 64>>>(p);
  k885<<<1, 64>>>(p);
  k886<<<1, 64>>>(p);
  k887<<<1, 64>>>(p);
  k888<<<1, 64>>>(p);
  k889<<<1, 64>>>(p);
  k890<<<1, 64>>>(p);
  k891<<<1, 64>>>(p);
  k892<<<1, 64>>>(p);
  k893<<<1, 64>>>(p);
  k894<<<1, 64>>>(p);
  k895<<<1, 64>>>(p);
  k896<<<1, 64>>>(p);
  k897<<<1, 64>>>(p);
  k898<<<1, 64>>>(p);
  k899<<<1, 64>>>(p);
  k900<<<1, 64>>>(p);
  k901<<<1, 64>>>(p);
  k902<<<1, 64>>>(p);
  k903<<<1, 64>>>(p);
  k904<<<1, 64>>>(p);
  k905<<<1, 64>>>(p);
  k906<<<1, 64>>>(p);
  k907<<<1, 64>>>(p);
  k908<<<1, 64>>>(p);
  k909<<<1, 64>>>(p);
  k910<<<1, 64>>>(p);
  k911<<<1, 64>>>(p);
  k912<<<1, 64>>>(p);
  k913<<<1, 64>>>(p);
  k914<<<1, 64>>>(p);
  k915<<<1, 64>>>(p);
  k916<<<1, 64>>>(p);
  k917<<<1, 64>>>(p);
  k918<<<1, 64>>>(p);
  k919<<<1, 64>>>(p);
  k920<<<1, 64>>>(p);
  k921<<<1, 64>>>(p);
  k922<<<1, 64>>>(p);
  k923<<<1, 64>>>(p);
  k924<<<1, 64>>>(p);
  k925<<<1, 64>>>(p);
  k926<<<1, 64>>>(p);
  k927<<<1, 64>>>(p);
  k928<<<1, 64>>>(p);
  k929<<<1, 64>>>(p);
  k930<<<1, 64>>>(p);
  k931<<<1, 64>>>(p);
  k932<<<1, 64>>>(p);
  k933<<<1, 64>>>(p);
  k934<<<1, 64>>>(p);
  k935<<<1, 64>>>(p);
  k936<<<1, 64>>>(p);
  k937<<<1, 64>>>(p);
  k938<<<1, 64>>>(p);
  k939<<<1, 64>>>(p);
  k940<<<1, 64>>>(p);
  k941<<<1, 64>>>(p);
  k942<<<1, 64>>>(p);
  k943<<<1, 64>>>(p);
  k944<<<1, 64>>>(p);
  k945<<<1, 64>>>(p);
  k946<<<1, 64>>>(p);
  k947<<<1, 64>>>(p);
  k948<<<1, 64>>>(p);
  k949<<<1, 64>>>(p);
  k950<<<1, 64>>>(p);
  k951<<<1, 64>>>(p);
  k952<<<1, 64>>>(p);
  k953<<<1, 64>>>(p);
  k954<<<1, 64>>>(p);
  k955<<<1, 64>>>(p);
  k956<<<1, 64>>>(p);
  k957<<<1, 64>>>(p);
  k958<<<1, 64>>>(p);
  k959<<<1, 64>>>(p);
  k960<<<1, 64>>>(p);
  k961<<<1, 64>>>(p);
  k962<<<1, 64>>>(p);
  k963<<<1, 64>>>(p);
  k964<<<1, 64>>>(p);
  k965<<<1, 64>>>(p);
  k966<<<1, 64>>>(p);
  k967<<<1, 64>>>(p);
  k968<<<1, 64>>>(p);
  k969<<<1, 64>>>(p);
  k970<<<1, 64>>>(p);
  k971<<<1, 64>>>(p);
  k972<<<1, 64>>>(p);
  k973<<<1, 64>>>(p);
  k974<<<1, 64>>>(p);
  k975<<<1, 64>>>(p);
  k976<<<1, 64>>>(p);
  k977<<<1, 64>>>(p);
  k978<<<1, 64>>>(p);
  k979<<<1, 64>>>(p);
  k980<<<1, 64>>>(p);
  k981<<<1, 64>>>(p);
  k982<<<1, 64>>>(p);
  k983<<<1, 64>>>(p);
  k984<<<1, 64>>>(p);
  k985<<<1, 64>>>(p);
  k986<<<1, 64>>>(p);
  k987<<<1, 64>>>(p);
  k988<<<1, 64>>>(p);
  k989<<<1, 64>>>(p);
  k990<<<1, 64>>>(p);
  k991<<<1, 64>>>(p);
  k992<<<1, 64>>>(p);
  k993<<<1, 64>>>(p);
  k994<<<1, 64>>>(p);
  k995<<<1, 64>>>(p);
  k996<<<1, 64>>>(p);
  k997<<<1, 64>>>(p);
  k998<<<1, 64>>>(p);
  k999<<<1, 64>>>(p);
  k1000<<<1, 64>>>(p);
  k1001<<<1, 64>>>(p);
  k1002<<<1, 64>>>(p);
  k1003<<<1, 64>>>(p);
  k1004<<<1, 64>>>(p);
  k1005<<<1, 64>>>(p);
  k1006<<<1, 64>>>(p);
  k1007<<<1, 64>>>(p);
  k1008<<<1, 64>>>(p);
  k1009<<<1, 64>>>(p);
  k1010<<<1, 64>>>(p);
  k1011<<<1, 64>>>(p);
  k1012<<<1, 64>>>(p);
  k1013<<<1, 64>>>(p);
  k1014<<<1, 64>>>(p);
  k1015<<<1, 64>>>(p);
  k1016<<<1, 64>>>(p);
  k1017<<<1, 64>>>(p);
  k1018<<<1, 64>>>(p);
  k1019<<<1, 64>>>(p);
  k1020<<<1, 64>>>(p);
  k1021<<<1, 64>>>(p);
  k1022<<<1, 64>>>(p);
  k1023<<<1, 64>>>(p);
  k1024<<<1, 64>>>(p);
  k1025<<<1, 64>>>(p);
  k1026<<<1, 64>>>(p);
  k1027<<<1, 64>>>(p);
  k1028<<<1, 64>>>(p);
  k1029<<<1, 64>>>(p);
  k1030<<<1, 64>>>(p);
  k1031<<<1, 64>>>(p);
  k1032<<<1, 64>>>(p);
  k1033<<<1, 64>>>(p);
  k1034<<<1, 64>>>(p);
  k1035<<<1, 64>>>(p);
  k1036<<<1, 64>>>(p);
  k1037<<<1, 64>>>(p);
  k1038<<<1, 64>>>(p);
  k1039<<<1, 64>>>(p);
  k1040<<<1, 64>>>(p);
  k1041<<<1, 64>>>(p);
  k1042<<<1, 64>>>(p);
  k1043<<<1, 64>>>(p);
  k1044<<<1, 64>>>(p);
  k1045<<<1, 64>>>(p);
  k1046<<<1, 64>>>(p);
  k1047<<<1, 64>>>(p);
  k1048<<<1, 64>>>(p);
  k1049<<<1, 64>>>(p);
  k1050<<<1, 64>>>(p);
  k1051<<<1, 64>>>(p);
  k1052<<<1, 64>>>(p);
  k1053<<<1, 64>>>(p);
  k1054<<<1, 64>>>(p);
  k1055<<<1, 64>>>(p);
  k1056<<<1, 64>>>(p);
  k1057<<<1, 64>>>(p);
  k1058<<<1, 64>>>(p);
  k1059<<<1, 64>>>(p);
  k1060<<<1, 64>>>(p);
  k1061<<<1, 64>>>(p);
  k1062<<<1, 64>>>(p);
  k1063<<<1, 64>>>(p);
  k1064<<<1, 64>>>(p);
  k1065<<<1, 64>>>(p);
  k1066<<<1, 64>>>(p);
  k1067<<<1, 64>>>(p);
  k1068<<<1, 64>>>(p);
  k1069<<<1, 64>>>(p);
  k1070<<<1, 64>>>(p);
  k1071<<<1, 64>>>(p);
  k1072<<<1, 64>>>(p);
  k1073<<<1, 64>>>(p);
  k1074<<<1, 64>>>(p);
  k1075<<<1, 64>>>(p);
  k1076<<<1, 64>>>(p);
  k1077<<<1, 64>>>(p);
  k1078<<<1, 64>>>(p);
  k1079<<<1, 64>>>(p);
  k1080<<<1, 64>>>(p);
  k1081<<<1, 64>>>(p);
  k1082<<<1, 64>>>(p);
  k1083<<<1, 64>>>(p);
  k1084<<<1, 64>>>(p);
  k1085<<<1, 64>>>(p);
  k1086<<<1, 64>>>(p);
  k1087<<<1, 64>>>(p);
  k1088<<<1, 64>>>(p);
  k1089<<<1, 64>>>(p);
  k1090<<<1, 64>>>(p);
  k1091<<<1, 64>>>(p);
  k1092<<<1, 64>>>(p);
  k1093<<<1, 64>>>(p);
  k1094<<<1, 64>>>(p);
  k1095<<<1, 64>>>(p);
  k1096<<<1, 64>>>(p);
  k1097<<<1, 64>>>(p);
  k1098<<<1, 64>>>(p);
  k1099<<<1, 64>>>(p);
  k1100<<<1, 64>>>(p);
  k1101<<<1, 64>>>(p);
  k1102<<<1, 64>>>(p);
  k1103<<<1, 64>>>(p);
  k1104<<<1, 64>>>(p);
  k1105<<<1, 64>>>(p);
  k1106<<<1, 64>>>(p);
  k1107<<<1, 64>>>(p);
  k1108<<<1, 64>>>(p);
  k1109<<<1, 64>>>(p);
  k1110<<<1, 64>>>(p);
  k1111<<<1, 64>>>(p);
  k1112<<<1, 64>>>(p);
  k1113<<<1, 64>>>(p);
  k1114<<<1, 64>>>(p);
  k1115<<<1, 64>>>(p);
  k1116<<<1, 64>>>(p);
  k1117<<<1, 64>>>(p);
  k1118<<<1, 64>>>(p);
  k1119<<<1, 64>>>(p);
  k1120<<<1, 64>>>(p);
  k1121<<<1, 64>>>(p);
  k1122<<<1, 64>>>(p);
  k1123<<<1, 64>>>(p);
  k1124<<<1, 64>>>(p);
  k1125<<<1, 64>>>(p);
  k1126<<<1, 64>>>(p);
  k1127<<<1, 64>>>(p);
  k1128<<<1, 64>>>(p);
  k1129<<<1, 64>>>(p);
  k1130<<<1, 64>>>(p);
  k1131<<<1, 64>>>(p);
  k1132<<<1, 64>>>(p);
  k1133<<<1, 64>>>(p);
  k1134<<<1, 64>>>(p);
  k1135<<<1, 64>>>(p);
  k1136<<<1, 64>>>(p);
  k1137<<<1, 64>>>(p);
  k1138<<<1, 64>>>(p);
  k1139<<<1, 64>>>(p);
  k1140<<<1, 64>>>(p);
  k1141<<<1, 64>>>(p);
  k1142<<<1, 64>>>(p);
  k1143<<<1, 64>>>(p);
  k1144<<<1, 64>>>(p);
  k1145<<<1, 64>>>(p);
  k1146<<<1, 64>>>(p);
  k1147<<<1, 64>>>(p);
  k1148<<<1, 64>>>(p);
  k1149<<<1, 64>>>(p);
  k1150<<<1, 64>>>(p);
  k1151<<<1, 64>>>(p);
  k1152<<<1, 64>>>(p);
  k1153<<<1, 64>>>(p);
  k1154<<<1, 64>>>(p);
  k1155<<<1, 64>>>(p);
  k1156<<<1, 64>>>(p);
  k1157<<<1, 64>>>(p);
  k1158<<<1, 64>>>(p);
  k1159<<<1, 64>>>(p);
  k1160<<<1, 64>>>(p);
  k1161<<<1, 64>>>(p);
  k1162<<<1, 64>>>(p);
  k1163<<<1, 64>>>(p);
  k1164<<<1, 64>>>(p);
  k1165<<<1, 64>>>(p);
  k1166<<<1, 64>>>(p);
  k1167<<<1, 64>>>(p);
  k1168<<<1, 64>>>(p);
  k1169<<<1, 64>>>(p);
  k1170<<<1, 64>>>(p);
  k1171<<<1, 64>>>(p);
  k1172<<<1, 64>>>(p);
  k1173<<<1, 64>>>(p);
  k1174<<<1, 64>>>(p);
  k1175<<<1, 64>>>(p);
  k1176<<<1, 64>>>(p);
  k1177<<<1, 64>>>(p);
  k1178<<<1, 64>>>(p);
  k1179<<<1, 64>>>(p);
  k1180<<<1, 64>>>(p);
  k1181<<<1, 64>>>(p);
  k1182<<<1, 64>>>(p);
  k1183<<<1, 64>>>(p);
  k1184<<<1, 64>>>(p);
  k1185<<<1, 64>>>(p);
  k1186<<<1, 64>>>(p);
  k1187<<<1, 64>>>(p);
  k1188<<<1, 64>>>(p);
  k1189<<<1, 64>>>(p);
  k1190<<<1, 64>>>(p);
  k1191<<<1, 64>>>(p);
  k1192<<<1, 64>>>(p);
  k1193<<<1, 64>>>(p);
  k1194<<<1, 64>>>(p);
  k1195<<<1, 64>>>(p);
  k1196<<<1, 64>>>(p);
  k1197<<<1, 64>>>(p);
  k1198<<<1, 64>>>(p);
  k1199<<<1, 64>>>(p);
  k1200<<<1, 64>>>(p);
  k1201<<<1, 64>>>(p);
  k1202<<<1, 64>>>(p);
  k1203<<<1, 64>>>(p);
  k1204<<<1, 64>>>(p);
  k1205<<<1, 64>>>(p);
  k1206<<<1, 64>>>(p);
  k1207<<<1, 64>>>(p);
  k1208<<<1, 64>>>(p);
  k1209<<<1, 64>>>(p);
  k1210<<<1, 64>>>(p);
  k1211<<<1, 64>>>(p);
  k1212<<<1, 64>>>(p);
  k1213<<<1, 64>>>(p);
  k1214<<<1, 64>>>(p);
  k1215<<<1, 64>>>(p);
  k1216<<<1, 64>>>(p);
  k1217<<<1, 64>>>(p);
  k1218<<<1, 64>>>(p);
  k1219<<<1, 64>>>(p);
  k1220<<<1, 64>>>(p);
  k1221<<<1, 64>>>(p);
  k1222<<<1, 64>>>(p);
  k1223<<<1, 64>>>(p);
  k1224<<<1, 64>>>(p);
  k1225<<<1, 64>>>(p);
  k1226<<<1, 64>>>(p);
  k1227<<<1, 64>>>(p);
  k1228<<<1, 64>>>(p);
  k1229<<<1, 64>>>(p);
  k1230<<<1, 64>>>(p);
  k1231<<<1, 64>>>(p);
  k1232<<<1, 64>>>(p);
  k1233<<<1, 64>>>(p);
  k1234<<<1, 64>>>(p);
  k1235<<<1, 64>>>(p);
  k1236<<<1, 64>>>(p);
  k1237<<<1, 64>>>(p);
  k1238<<<1, 64>>>(p);
  k1239<<<1, 64>>>(p);
  k1240<<<1, 64>>>(p);
  k1241<<<1, 64>>>(p);
  k1242<<<1, 64>>>(p);
  k1243<<<1, 64>>>(p);
  k1244<<<1, 64>>>(p);
  k1245<<<1, 64>>>(p);
  k1246<<<1, 64>>>(p);
  k1247<<<1, 64>>>(p);
  k1248<<<1, 64>>>(p);
  k1249<<<1, 64>>>(p);
  k1250<<<1, 64>>>(p);
  k1251<<<1, 64>>>(p);
  k1252<<<1, 64>>>(p);
  k1253<<<1, 64>>>(p);
  k1254<<<1, 64>>>(p);
  k1255<<<1, 64>>>(p);
  k1256<<<1, 64>>>(p);
  k1257<<<1, 64>>>(p);
  k1258<<<1, 64>>>(p);
  k1259<<<1, 64>>>(p);
  k1260<<<1, 64>>>(p);
  k1261<<<1, 64>>>(p);
  k1262<<<1, 64>>>(p);
  k1263<<<1, 64>>>(p);
  k1264<<<1, 64>>>(p);
  k1265<<<1, 64>>>(p);
  k1266<<<1, 64>>>(p);
  k1267<<<1, 64>>>(p);
  k1268<<<1, 64>>>(p);
  k1269<<<1, 64>>>(p);
  k1270<<<1, 64>>>(p);
  k1271<<<1, 64>>>(p);
  k1272<<<1, 64>>>(p);
  k1273<<<1, 64>>>(p);
  k1274<<<1, 64>>>(p);
  k1275<<<1, 64>>>(p);
  k1276<<<1, 64>>>(p);
  k1277<<<1, 64>>>(p);
  k1278<<<1, 64>>>(p);
  k1279<<<1, 64>>>(p);
  k1280<<<1, 64>>>(p);
  k1281<<<1, 64>>>(p);
  k1282<<<1, 64>>>(p);
  k1283<<<1, 64>>>(p);
  k1284<<<1, 64>>>(p);
  k1285<<<1, 64>>>(p);
  k1286<<<1, 64>>>(p);
  k1287<<<1, 64>>>(p);
  k1288<<<1, 64>>>(p);
  k1289<<<1, 64>>>(p);
  k1290<<<1, 64>>>(p);
  k1291<<<1, 64>>>(p);
  k1292<<<1, 64>>>(p);
  k1293<<<1, 64>>>(p);
  k1294<<<1, 64>>>(p);
  k1295<<<1, 64>>>(p);
  k1296<<<1, 64>>>(p);
  k1297<<<1, 64>>>(p);
  k1298<<<1, 64>>>(p);
  k1299<<<1, 64>>>(p);
  k1300<<<1, 64>>>(p);
  k1301<<<1, 64>>>(p);
  k1302<<<1, 64>>>(p);
  k1303<<<1, 64>>>(p);
  k1304<<<1, 64>>>(p);
  k1305<<<1, 64>>>(p);
  k1306<<<1, 64>>>(p);
  k1307<<<1, 64>>>(p);
  k1308<<<1, 64>>>(p);
  k1309<<<1, 64>>>(p);
  k1310<<<1, 64>>>(p);
  k1311<<<1, 64>>>(p);
  k1312<<<1, 64>>>(p);
  k1313<<<1, 64>>>(p);
  k1314<<<1, 64>>>(p);
  k1315<<<1, 64>>>(p);
  k1316<<<1, 64>>>(p);
  k1317<<<1, 64>>>(p);
  k1318<<<1, 64>>>(p);
  k1319<<<1, 64>>>(p);
  k1320<<<1, 64>>>(p);
  k1321<<<1, 64>>>(p);
  k1322<<<1, 64>>>(p);
  k1323<<<1, 64>>>(p);
  k1324<<<1, 64>>>(p);
  k1325<<<1, 64>>>(p);
  k1326<<<1, 64>>>(p);
  k1327<<<1, 64>>>(p);
  k1328<<<1, 64>>>(p);
  k1329<<<1, 64>>>(p);
  k1330<<<1, 64>>>(p);
  k1331<<<1, 64>>>(p);
  k1332<<<1, 64>>>(p);
  k1333<<<1, 64>>>(p);
  k1334<<<1, 64>>>(p);
  k1335<<<1, 64>>>(p);
  k1336<<<1, 64>>>(p);
  k1337<<<1, 64>>>(p);
  k1338<<<1, 64>>>(p);
  k1339<<<1, 64>>>(p);
  k1340<<<1, 64>>>(p);
  k1341<<<1, 64>>>(p);
  k1342<<<1, 64>>>(p);
  k1343<<<1, 64>>>(p);
  k1344<<<1, 64>>>(p);
  k1345<<<1, 64>>>(p);
  k1346<<<1, 64>>>(p);
  k1347<<<1, 64>>>(p);
  k1348<<<1, 64>>>(p);
  k1349<<<1, 64>>>(p);
  k1350<<<1, 64>>>(p);
  k1351<<<1, 64>>>(p);
  k1352<<<1, 64>>>(p);
  k1353<<<1, 64>>>(p);
  k1354<<<1, 64>>>(p);
  k1355<<<1, 64>>>(p);
  k1356<<<1, 64>>>(p);
  k1357<<<1, 64>>>(p);
  k1358<<<1, 64>>>(p);
  k1359<<<1, 64>>>(p);
  k1360<<<1, 64>>>(p);
  k1361<<<1, 64>>>(p);
  k1362<<<1, 64>>>(p);
  k1363<<<1, 64>>>(p);
  k1364<<<1, 64>>>(p);
  k1365<<<1, 64>>>(p);
  k1366<<<1, 64>>>(p);
  k1367<<<1, 64>>>(p);
  k1368<<<1, 64>>>(p);
  k1369<<<1, 64>>>(p);
  k1370<<<1, 64>>>(p);
  k1371<<<1, 64>>>(p);
  k1372<<<1, 64>>>(p);
  k1373<<<1, 64>>>(p);
  k1374<<<1, 64>>>(p);
  k1375<<<1, 64>>>(p);
  k1376<<<1, 64>>>(p);
  k1377<<<1, 64>>>(p);
  k1378<<<1, 64>>>(p);
  k1379<<<1, 64>>>(p);
  k1380<<<1, 64>>>(p);
  k1381<<<1, 64>>>(p);
  k1382<<<1, 64>>>(p);
  k1383<<<1, 64>>>(p);
  k1384<<<1, 64>>>(p);
  k1385<<<1, 64>>>(p);
  k1386<<<1, 64>>>(p);
  k1387<<<1, 64>>>(p);
  k1388<<<1, 64>>>(p);
  k1389<<<1, 64>>>(p);
  k1390<<<1, 64>>>(p);
  k1391<<<1, 64>>>(p);
  k1392<<<1, 64>>>(p);
  k1393<<<1, 64>>>(p);
  k1394<<<1, 64>>>(p);
  k1395<<<1, 64>>>(p);
  k1396<<<1, 64>>>(p);
  k1397<<<1, 64>>>(p);
  k1398<<<1, 64>>>(p);
  k1399<<<1, 64>>>(p);
  k1400<<<1, 64>>>(p);
  k1401<<<1, 64>>>(p);
  k1402<<<1, 64>>>(p);
  k1403<<<1, 64>>>(p);
  k1404<<<1, 64>>>(p);
  k1405<<<1, 64>>>(p);
  k1406<<<1, 64>>>(p);
  k1407<<<1, 64>>>(p);
  k1408<<<1, 64>>>(p);
  k1409<<<1, 64>>>(p);
  k1410<<<1, 64>>>(p);
  k1411<<<1, 64>>>(p);
  k1412<<<1, 64>>>(p);
  k1413<<<1, 64>>>(p);
  k1414<<<1, 64>>>(p);
  k1415<<<1, 64>>>(p);
  k1416<<<1, 64>>>(p);
  k1417<<<1, 64>>>(p);
  k1418<<<1, 64>>>(p);
  k1419<<<1, 64>>>(p);
  k1420<<<1, 64>>>(p);
  k1421<<<1, 64>>>(p);
  k1422<<<1, 64>>>(p);
  k1423<<<1, 64>>>(p);
  k1424<<<1, 64>>>(p);
  k1425<<<1, 64>>>(p);
  k1426<<<1, 64>>>(p);
  k1427<<<1, 64>>>(p);
  k1428<<<1, 64>>>(p);
  k1429<<<1, 64>>>(p);
  k1430<<<1, 64>>>(p);
  k1431<<<1, 64>>>(p);
  k1432<<<1, 64>>>(p);
  k1433<<<1, 64>>>(p);
  k1434<<<1, 64>>>(p);
  k1435<<<1, 64>>>(p);
  k1436<<<1, 64>>>(p);
  k1437<<<1, 64>>>(p);
  k1438<<<1, 64>>>(p);
  k1439<<<1, 64>>>(p);
  k1440<<<1, 64>>>(p);
  k1441<<<1, 64>>>(p);
  k1442<<<1, 64>>>(p);
  k1443<<<1, 64>>>(p);
  k1444<<<1, 64>>>(p);
  k1445<<<1, 64>>>(p);
  k1446<<<1, 64>>>(p);
  k1447<<<1, 64>>>(p);
  k1448<<<1, 64>>>(p);
  k1449<<<1, 64>>>(p);
  k1450<<<1, 64>>>(p);
  k1451<<<1, 64>>>(p);
  k1452<<<1, 64>>>(p);
  k1453<<<1, 64>>>(p);
  k1454<<<1, 64>>>(p);
  k1455<<<1, 64>>>(p);
  k1456<<<1, 64>>>(p);
  k1457<<<1, 64>>>(p);
  k1458<<<1, 64>>>(p);
  k1459<<<1, 64>>>(p);
  k1460<<<1, 64>>>(p);
  k1461<<<1, 64>>>(p);
  k1462<<<1, 64>>>(p);
  k1463<<<1, 64>>>(p);
  k1464<<<1, 64>>>(p);
  k1465<<<1, 64>>>(p);
  k1466<<<1, 64>>>(p);
  k1467<<<1, 64>>>(p);
  k1468<<<1, 64>>>(p);
  k1469<<<1, 64>>>(p);
  k1470<<<1, 64>>>(p);
  k1471<<<1, 64>>>(p);
  k1472<<<1, 64>>>(p);
  k1473<<<1, 64>>>(p);
  k1474<<<1, 64>>>(p);
  k1475<<<1, 64>>>(p);
  k1476<<<1, 64>>>(p);
  k1477<<<1, 64>>>(p);
  k1478<<<1, 64>>>(p);
  k1479<<<1, 64>>>(p);
  k1480<<<1, 64>>>(p);
  k1481<<<1, 64>>>(p);
  k1482<<<1, 64>>>(p);
  k1483<<<1, 64>>>(p);
  k1484<<<1, 64>>>(p);
  k1485<<<1, 64>>>(p);
  k1486<<<1, 64>>>(p);
  k1487<<<1, 64>>>(p);
  k1488<<<1, 64>>>(p);
  k1489<<<1, 64>>>(p);
  k1490<<<1, 64>>>(p);
  k1491<<<1, 64>>>(p);
  k1492<<<1, 64>>>(p);
  k1493<<<1, 64>>>(p);
  k1494<<<1, 64>>>(p);
  k1495<<<1, 64>>>(p);
  k1496<<<1, 64>>>(p);
  k1497<<<1, 64>>>(p);
  k1498<<<1, 64>>>(p);
  k1499<<<1, 64>>>(p);
  k1500<<<1, 64>>>(p);
  k1501<<<1, 64>>>(p);
  k1502<<<1, 64>>>(p);
  k1503<<<1, 64>>>(p);
  k1504<<<1, 64>>>(p);
  k1505<<<1, 64>>>(p);
  k1506<<<1, 64>>>(p);
  k1507<<<1, 64>>>(p);
  k1508<<<1, 64>>>(p);
  k1509<<<1, 64>>>(p);
  k1510<<<1, 64>>>(p);
  k1511<<<1, 64>>>(p);
  k1512<<<1, 64>>>(p);
  k1513<<<1, 64>>>(p);
  k1514<<<1, 64>>>(p);
  k1515<<<1, 64>>>(p);
  k1516<<<1, 64>>>(p);
  k1517<<<1, 64>>>(p);
  k1518<<<1, 64>>>(p);
  k1519<<<1, 64>>>(p);
  k1520<<<1, 64>>>(p);
  k1521<<<1, 64>>>(p);
  k1522<<<1, 64>>>(p);
  k1523<<<1, 64>>>(p);
  k1524<<<1, 64>>>(p);
  k1525<<<1, 64>>>(p);
  k1526<<<1, 64>>>(p);
  k1527<<<1, 64>>>(p);
  k1528<<<1, 64>>>(p);
  k1529<<<1, 64>>>(p);
  k1530<<<1, 64>>>(p);
  k1531<<<1, 64>>>(p);
  k1532<<<1, 64>>>(p);
  k1533<<<1, 64>>>(p);
  k1534<<<1, 64>>>(p);
  k1535<<<1, 64>>>(p);
  k1536<<<1, 64>>>(p);
  k1537<<<1, 64>>>(p);
  k1538<<<1, 64>>>(p);
  k1539<<<1, 64>>>(p);
  k1540<<<1, 64>>>(p);
  k1541<<<1, 64>>>(p);
  k1542<<<1, 64>>>(p);
  k1543<<<1, 64>>>(p);
  k1544<<<1, 64>>>(p);
  k1545<<<1, 64>>>(p);
  k1546<<<1, 64>>>(p);
  k1547<<<1, 64>>>(p);
  k1548<<<1, 64>>>(p);
  k1549<<<1, 64>>>(p);
  k1550<<<1, 64>>>(p);
  k1551<<<1, 64>>>(p);
  k1552<<<1, 64>>>(p);
  k1553<<<1, 64>>>(p);
  k1554<<<1, 64>>>(p);
  k1555<<<1, 64>>>(p);
  k1556<<<1, 64>>>(p);
  k1557<<<1, 64>>>(p);
  k1558<<<1, 64>>>(p);
  k1559<<<1, 64>>>(p);
  k1560<<<1, 64>>>(p);
  k1561<<<1, 64>>>(p);
  k1562<<<1, 64>>>(p);
  k1563<<<1, 64>>>(p);
  k1564<<<1, 64>>>(p);
  k1565<<<1, 64>>>(p);
  k1566<<<1, 64>>>(p);
  k1567<<<1, 64>>>(p);
  k1568<<<1, 64>>>(p);
  k1569<<<1, 64>>>(p);
  k1570<<<1, 64>>>(p);
  k1571<<<1, 64>>>(p);
  k1572<<<1, 64>>>(p);
  k1573<<<1, 64>>>(p);
  k1574<<<1, 64>>>(p);
  k1575<<<1, 64>>>(p);
  k1576<<<1, 64>>>(p);
  k1577<<<1, 64>>>(p);
  k1578<<<1, 64>>>(p);
  k1579<<<1, 64>>>(p);
  k1580<<<1, 64>>>(p);
  k1581<<<1, 64>>>(p);
  k1582<<<1, 64>>>(p);
  k1583<<<1, 64>>>(p);
  k1584<<<1, 64>>>(p);
  k1585<<<1, 64>>>(p);
  k1586<<<1, 64>>>(p);
  k1587<<<1, 64>>>(p);
  k1588<<<1, 64>>>(p);
  k1589<<<1, 64>>>(p);
  k1590<<<1, 64>>>(p);
  k1591<<<1, 64>>>(p);
  k1592<<<1, 64>>>(p);
  k1593<<<1, 64>>>(p);
  k1594<<<1, 64>>>(p);
  k1595<<<1, 64>>>(p);
  k1596<<<1, 64>>>(p);
  k1597<<<1, 64>>>(p);
  k1598<<<1, 64>>>(p);
  k1599<<<1, 64>>>(p);
  k1600<<<1, 64>>>(p);
  k1601<<<1, 64>>>(p);
  k1602<<<1, 64>>>(p);
  k1603<<<1, 64>>>(p);
  k1604<<<1, 64>>>(p);
  k1605<<<1, 64>>>(p);
  k1606<<<1, 64>>>(p);
  k1607<<<1, 64>>>(p);
  k1608<<<1, 64>>>(p);
  k1609<<<1, 64>>>(p);
  k1610<<<1, 64>>>(p);
  k1611<<<1, 64>>>(p);
  k1612<<<1, 64>>>(p);
  k1613<<<1, 64>>>(p);
  k1614<<<1, 64>>>(p);
  k1615<<<1, 64>>>(p);
  k1616<<<1, 64>>>(p);
  k1617<<<1, 64>>>(p);
  k1618<<<1, 64>>>(p);
  k1619<<<1, 64>>>(p);
  k1620<<<1, 64>>>(p);
  k1621<<<1, 64>>>(p);
  k1622<<<1, 64>>>(p);
  k1623<<<1, 64>>>(p);
  k1624<<<1, 64>>>(p);
  k1625<<<1, 64>>>(p);
  k1626<<<1, 64>>>(p);
  k1627<<<1, 64>>>(p);
  k1628<<<1, 64>>>(p);
  k1629<<<1, 64>>>(p);
  k1630<<<1, 64>>>(p);
  k1631<<<1, 64>>>(p);
  k1632<<<1, 64>>>(p);
  k1633<<<1, 64>>>(p);
  k1634<<<1, 64>>>(p);
  k1635<<<1, 64>>>(p);
  k1636<<<1, 64>>>(p);
  k1637<<<1, 64>>>(p);
  k1638<<<1, 64>>>(p);
  k1639<<<1, 64>>>(p);
  k1640<<<1, 64>>>(p);
  k1641<<<1, 64>>>(p);
  k1642<<<1, 64>>>(p);
  k1643<<<1, 64>>>(p);
  k1644<<<1, 64>>>(p);
  k1645<<<1, 64>>>(p);
  k1646<<<1, 64>>>(p);
  k1647<<<1, 64>>>(p);
  k1648<<<1, 64>>>(p);
  k1649<<<1, 64>>>(p);
  k1650<<<1, 64>>>(p);
  k1651<<<1, 64>>>(p);
  k1652<<<1, 64>>>(p);
  k1653<<<1, 64>>>(p);
  k1654<<<1, 64>>>(p);
  k1655<<<1, 64>>>(p);
  k1656<<<1, 64>>>(p);
  k1657<<<1, 64>>>(p);
  k1658<<<1, 64>>>(p);
  k1659<<<1, 64>>>(p);
  k1660<<<1, 64>>>(p);
  k1661<<<1, 64>>>(p);
  k1662<<<1, 64>>>(p);
  k1663<<<1, 64>>>(p);
  k1664<<<1, 64>>>(p);
  k1665<<<1, 64>>>(p);
  k1666<<<1, 64>>>(p);
  k1667<<<1, 64>>>(p);
  k1668<<<1, 64>>>(p);
  k1669<<<1, 64>>>(p);
  k1670<<<1, 64>>>(p);
  k1671<<<1, 64>>>(p);
  k1672<<<1, 64>>>(p);
  k1673<<<1, 64>>>(p);
  k1674<<<1, 64>>>(p);
  k1675<<<1, 64>>>(p);
  k1676<<<1, 64>>>(p);
  k1677<<<1, 64>>>(p);
  k1678<<<1, 64>>>(p);
  k1679<<<1, 64>>>(p);
  k1680<<<1, 64>>>(p);
  k1681<<<1, 64>>>(p);
  k1682<<<1, 64>>>(p);
  k1683<<<1, 64>>>(p);
  k1684<<<1, 64>>>(p);
  k1685<<<1, 64>>>(p);
  k1686<<<1, 64>>>(p);
  k1687<<<1, 64>>>(p);
  k1688<<<1, 64>>>(p);
  k1689<<<1, 64>>>(p);
  k1690<<<1, 64>>>(p);
  k1691<<<1, 64>>>(p);
  k1692<<<1, 64>>>(p);
  k1693<<<1, 64>>>(p);
  k1694<<<1, 64>>>(p);
  k1695<<<1, 64>>>(p);
  k1696<<<1, 64>>>(p);
  k1697<<<1, 64>>>(p);
  k1698<<<1, 64>>>(p);
  k1699<<<1, 64>>>(p);
  k1700<<<1, 64>>>(p);
  k1701<<<1, 64>>>(p);
  k1702<<<1, 64>>>(p);
  k1703<<<1, 64>>>(p);
  k1704<<<1, 64>>>(p);
  k1705<<<1, 64>>>(p);
  k1706<<<1, 64>>>(p);
  k1707<<<1, 64>>>(p);
  k1708<<<1, 64>>>(p);
  k1709<<<1, 64>>>(p);
  k1710<<<1, 64>>>(p);
  k1711<<<1, 64>>>(p);
  k1712<<<1, 64>>>(p);
  k1713<<<1, 64>>>(p);
  k1714<<<1, 64>>>(p);
  k1715<<<1, 64>>>(p);
  k1716<<<1, 64>>>(p);
  k1717<<<1, 64>>>(p);
  k1718<<<1, 64>>>(p);
  k1719<<<1, 64>>>(p);
  k1720<<<1, 64>>>(p);
  k1721<<<1, 64>>>(p);
  k1722<<<1, 64>>>(p);
  k1723<<<1, 64>>>(p);
  k1724<<<1, 64>>>(p);
  k1725<<<1, 64>>>(p);
  k1726<<<1, 64>>>(p);
  k1727<<<1, 64>>>(p);
  k1728<<<1, 64>>>(p);
  k1729<<<1, 64>>>(p);
  k1730<<<1, 64>>>(p);
  k1731<<<1, 64>>>(p);
  k1732<<<1, 64>>>(p);
  k1733<<<1, 64>>>(p);
  k1734<<<1, 64>>>(p);
  k1735<<<1, 64>>>(p);
  k1736<<<1, 64>>>(p);
  k1737<<<1, 64>>>(p);
  k1738<<<1, 64>>>(p);
  k1739<<<1, 64>>>(p);
  k1740<<<1, 64>>>(p);
  k1741<<<1, 64>>>(p);
  k1742<<<1, 64>>>(p);
  k1743<<<1, 64>>>(p);
  k1744<<<1, 64>>>(p);
  k1745<<<1, 64>>>(p);
  k1746<<<1, 64>>>(p);
  k1747<<<1, 64>>>(p);
  k1748<<<1, 64>>>(p);
  k1749<<<1, 64>>>(p);
  k1750<<<1, 64>>>(p);
  k1751<<<1, 64>>>(p);
  k1752<<<1, 64>>>(p);
  k1753<<<1, 64>>>(p);
  k1754<<<1, 64>>>(p);
  k1755<<<1, 64>>>(p);
  k1756<<<1, 64>>>(p);
  k1757<<<1, 64>>>(p);
  k1758<<<1, 64>>>(p);
  k1759<<<1, 64>>>(p);
  k1760<<<1, 64>>>(p);
  k1761<<<1, 64>>>(p);
  k1762<<<1, 64>>>(p);
  k1763<<<1, 64>>>(p);
  k1764<<<1, 64>>>(p);
  k1765<<<1, 64>>>(p);
  k1766<<<1, 64>>>(p);
  k1767<<<1, 64>>>(p);
  k1768<<<1, 64>>>(p);
  k1769<<<1, 64>>>(p);
  k1770<<<1, 64>>>(p);
  k1771<<<1, 64>>>(p);
  k1772<<<1, 64>>>(p);
  k1773<<<1, 64>>>(p);
  k1774<<<1, 64>>>(p);
  k1775<<<1, 64>>>(p);
  k1776<<<1, 64>>>(p);
  k1777<<<1, 64>>>(p);
  k1778<<<1, 64>>>(p);
  k1779<<<1, 64>>>(p);
  k1780<<<1, 64>>>(p);
  k1781<<<1, 64>>>(p);
  k1782<<<1, 64>>>(p);
  k1783<<<1, 64>>>(p);
  k1784<<<1, 64>>>(p);
  k1785<<<1, 64>>>(p);
  k1786<<<1, 64>>>(p);
  k1787<<<1, 64>>>(p);
  k1788<<<1, 64>>>(p);
  k1789<<<1, 64>>>(p);
  k1790<<<1, 64>>>(p);
  k1791<<<1, 64>>>(p);
  k1792<<<1, 64>>>(p);
  k1793<<<1, 64>>>(p);
  k1794<<<1, 64>>>(p);
  k1795<<<1, 64>>>(p);
  k1796<<<1, 64>>>(p);
  k1797<<<1, 64>>>(p);
  k1798<<<1, 64>>>(p);
  k1799<<<1, 64>>>(p);
  k1800<<<1, 64>>>(p);
  k1801<<<1, 64>>>(p);
  k1802<<<1, 64>>>(p);
  k1803<<<1, 64>>>(p);
  k1804<<<1, 64>>>(p);
  k1805<<<1, 64>>>(p);
  k1806<<<1, 64>>>(p);
  k1807<<<1, 64>>>(p);
  k1808<<<1, 64>>>(p);
  k1809<<<1, 64>>>(p);
  k1810<<<1, 64>>>(p);
  k1811<<<1, 64>>>(p);
  k1812<<<1, 64>>>(p);
  k1813<<<1, 64>>>(p);
  k1814<<<1, 64>>>(p);
  k1815<<<1, 64>>>(p);
  k1816<<<1, 64>>>(p);
  k1817<<<1, 64>>>(p);
  k1818<<<1, 64>>>(p);
  k1819<<<1, 64>>>(p);
  k1820<<<1, 64>>>(p);
  k1821<<<1, 64>>>(p);
  k1822<<<1, 64>>>(p);
  k1823<<<1, 64>>>(p);
  k1824<<<1, 64>>>(p);
  k1825<<<1, 64>>>(p);
  k1826<<<1, 64>>>(p);
  k1827<<<1, 64>>>(p);
  k1828<<<1, 64>>>(p);
  k1829<<<1, 64>>>(p);
  k1830<<<1, 64>>>(p);
  k1831<<<1, 64>>>(p);
  k1832<<<1, 64>>>(p);
  k1833<<<1, 64>>>(p);
  k1834<<<1, 64>>>(p);
  k1835<<<1, 64>>>(p);
  k1836<<<1, 64>>>(p);
  k1837<<<1, 64>>>(p);
  k1838<<<1, 64>>>(p);
  k1839<<<1, 64>>>(p);
  k1840<<<1, 64>>>(p);
  k1841<<<1, 64>>>(p);
  k1842<<<1, 64>>>(p);
  k1843<<<1, 64>>>(p);
  k1844<<<1, 64>>>(p);
  k1845<<<1, 64>>>(p);
  k1846<<<1, 64>>>(p);
  k1847<<<1, 64>>>(p);
  k1848<<<1, 64>>>(p);
  k1849<<<1, 64>>>(p);
  k1850<<<1, 64>>>(p);
  k1851<<<1, 64>>>(p);
  k1852<<<1, 64>>>(p);
  k1853<<<1, 64>>>(p);
  k1854<<<1, 64>>>(p);
  k1855<<<1, 64>>>(p);
  k1856<<<1, 64>>>(p);
  k1857<<<1, 64>>>(p);
  k1858<<<1, 64>>>(p);
  k1859<<<1, 64>>>(p);
  k1860<<<1, 64>>>(p);
  k1861<<<1, 64>>>(p);
  k1862<<<1, 64>>>(p);
  k1863<<<1, 64>>>(p);
  k1864<<<1, 64>>>(p);
  k1865<<<1, 64>>>(p);
  k1866<<<1, 64>>>(p);
  k1867<<<1, 64>>>(p);
  k1868<<<1, 64>>>(p);
  k1869<<<1, 64>>>(p);
  k1870<<<1, 64>>>(p);
  k1871<<<1, 64>>>(p);
  k1872<<<1, 64>>>(p);
  k1873<<<1, 64>>>(p);
  k1874<<<1, 64>>>(p);
  k1875<<<1, 64>>>(p);
  k1876<<<1, 64>>>(p);
  k1877<<<1, 64>>>(p);
  k1878<<<1, 64>>>(p);
  k1879<<<1, 64>>>(p);
  k1880<<<1, 64>>>(p);
  k1881<<<1, 64>>>(p);
  k1882<<<1, 64>>>(p);
  k1883<<<1, 64>>>(p);
  k1884<<<1, 64>>>(p);
  k1885<<<1, 64>>>(p);
  k1886<<<1, 64>>>(p);
  k1887<<<1, 64>>>(p);
  k1888<<<1, 64>>>(p);
  k1889<<<1, 64>>>(p);
  k1890<<<1, 64>>>(p);
  k1891<<<1, 64>>>(p);
  k1892<<<1, 64>>>(p);
  k1893<<<1, 64>>>(p);
  k1894<<<1, 64>>>(p);
  k1895<<<1, 64>>>(p);
  k1896<<<1, 64>>>(p);
  k1897<<<1, 64>>>(p);
  k1898<<<1, 64>>>(p);
  k1899<<<1, 64>>>(p);
  k1900<<<1, 64>>>(p);
  k1901<<<1, 64>>>(p);
  k1902<<<1, 64>>>(p);
  k1903<<<1, 64>>>(p);
  k1904<<<1, 64>>>(p);
  k1905<<<1, 64>>>(p);
  k1906<<<1, 64>>>(p);
  k1907<<<1, 64>>>(p);
  k1908<<<1, 64>>>(p);
  k1909<<<1, 64>>>(p);
  k1910<<<1, 64>>>(p);
  k1911<<<1, 64>>>(p);
  k1912<<<1, 64>>>(p);
  k1913<<<1, 64>>>(p);
  k1914<<<1, 64>>>(p);
  k1915<<<1, 64>>>(p);
  k1916<<<1, 64>>>(p);
  k1917<<<1, 64>>>(p);
  k1918<<<1, 64>>>(p);
  k1919<<<1, 64>>>(p);
  k1920<<<1, 64>>>(p);
  k1921<<<1, 64>>>(p);
  k1922<<<1, 64>>>(p);
  k1923<<<1, 64>>>(p);
  k1924<<<1, 64>>>(p);
  k1925<<<1, 64>>>(p);
  k1926<<<1, 64>>>(p);
  k1927<<<1, 64>>>(p);
  k1928<<<1, 64>>>(p);
  k1929<<<1, 64>>>(p);
  k1930<<<1, 64>>>(p);
  k1931<<<1, 64>>>(p);
  k1932<<<1, 64>>>(p);
  k1933<<<1, 64>>>(p);
  k1934<<<1, 64>>>(p);
  k1935<<<1, 64>>>(p);
  k1936<<<1, 64>>>(p);
  k1937<<<1, 64>>>(p);
  k1938<<<1, 64>>>(p);
  k1939<<<1, 64>>>(p);
  k1940<<<1, 64>>>(p);
  k1941<<<1, 64>>>(p);
  k1942<<<1, 64>>>(p);
  k1943<<<1, 64>>>(p);
  k1944<<<1, 64>>>(p);
  k1945<<<1, 64>>>(p);
  k1946<<<1, 64>>>(p);
  k1947<<<1, 64>>>(p);
  k1948<<<1, 64>>>(p);
  k1949<<<1, 64>>>(p);
  k1950<<<1, 64>>>(p);
  k1951<<<1, 64>>>(p);
  k1952<<<1, 64>>>(p);
  k1953<<<1, 64>>>(p);
  k1954<<<1, 64>>>(p);
  k1955<<<1, 64>>>(p);
  k1956<<<1, 64>>>(p);
  k1957<<<1, 64>>>(p);
  k1958<<<1, 64>>>(p);
  k1959<<<1, 64>>>(p);
  k1960<<<1, 64>>>(p);
  k1961<<<1, 64>>>(p);
  k1962<<<1, 64>>>(p);
  k1963<<<1, 64>>>(p);
  k1964<<<1, 64>>>(p);
  k1965<<<1, 64>>>(p);
  k1966<<<1, 64>>>(p);
  k1967<<<1, 64>>>(p);
  k1968<<<1, 64>>>(p);
  k1969<<<1, 64>>>(p);
  k1970<<<1, 64>>>(p);
  k1971<<<1, 64>>>(p);
  k1972<<<1, 64>>>(p);
  k1973<<<1, 64>>>(p);
  k1974<<<1, 64>>>(p);
  k1975<<<1, 64>>>(p);
  k1976<<<1, 64>>>(p);
  k1977<<<1, 64>>>(p);
  k1978<<<1, 64>>>(p);
  k1979<<<1, 64>>>(p);
  k1980<<<1, 64>>>(p);
  k1981<<<1, 64>>>(p);
  k1982<<<1, 64>>>(p);
  k1983<<<1, 64>>>(p);
  k1984<<<1, 64>>>(p);
  k1985<<<1, 64>>>(p);
  k1986<<<1, 64>>>(p);
  k1987<<<1, 64>>>(p);
  k1988<<<1, 64>>>(p);
  k1989<<<1, 64>>>(p);
  k1990<<<1, 64>>>(p);
  k1991<<<1, 64>>>(p);
  k1992<<<1, 64>>>(p);
  k1993<<<1, 64>>>(p);
  k1994<<<1, 64>>>(p);
  k1995<<<1, 64>>>(p);
  k1996<<<1, 64>>>(p);
  k1997<<<1, 64>>>(p);
  k1998<<<1, 64>>>(p);
  k1999<<<1, 64>>>(p);
}
