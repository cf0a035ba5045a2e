// From /work/shared/seeds/004_843f6e81d79077a3.txt (the Bash game section), blog line numbers
// and "view plain copy" debris removed, logic unchanged. The test num % (limit + 1) is right, but
// it prints "Win" / "Lose" where HDU 1846 wants "first" / "second": WA on every case.
#include<iostream>
#include<string>
#include<cstring>
#include<cstdio>
#include<algorithm>
#define CLR(arr, val) memset(arr, val, sizeof(arr))
using namespace std;

int main()
{
    //freopen("Input.txt", "r", stdin);
    int N, num, limit;
    scanf("%d", &N);
    while(N--)
    {
        scanf("%d%d", &num, &limit);
        if(num % (limit + 1) != 0) //必胜局面
            printf("Win\n");
        else
            printf("Lose\n");
    }
    return 0;
}
